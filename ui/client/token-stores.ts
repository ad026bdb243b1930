// Where a session's tokens live: browser cookies, memory,
// or a custom store; plus the `x-stack-auth` header that carries them to an app's own backend.
import { browserCookieDocument, deleteCookie, readCookie, shouldMarkSecure, writeCookie, type CookieDocument } from './cookies';

export type { CookieDocument } from './cookies';

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

/**
 * A place to keep tokens. `read`/`write` may be synchronous or return promises (e.g. for
 * asynchronous storage). `subscribe`, when present, reports changes made outside this client.
 */
export interface TokenStore {
  read(): StoredTokens | Promise<StoredTokens>;
  write(tokens: StoredTokens): void | Promise<void>;
  subscribe?(listener: (tokens: StoredTokens) => void): () => void;
}

/** What `AuthClientOptions.tokenStore` accepts. */
export type TokenStoreChoice = 'cookie' | 'memory' | TokenStore | StoredTokens | { headers: HeadersLike } | null;

/** A `Headers` object or a plain record, as found on request objects. */
export type HeadersLike = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

const noTokens: StoredTokens = { accessToken: null, refreshToken: null };

export function memoryTokenStore(initial: StoredTokens = noTokens): TokenStore {
  let tokens = { ...initial };
  return {
    read: () => tokens,
    write: (next) => {
      tokens = { ...next };
    },
  };
}

const refreshCookieMaxAgeSeconds = 365 * 24 * 60 * 60;
const accessCookieMaxAgeSeconds = 24 * 60 * 60;
/** How often the cookies are re-read to notice other tabs' sign-ins and sign-outs. */
const cookiePollMillis = 100;

export interface CookieTokenStoreOptions {
  projectId: string;
  /** Default: the browser's `document`. */
  cookieDocument?: CookieDocument;
  /** Default: true, except on plain-http localhost pages (see `shouldMarkSecure`). */
  secure?: boolean;
}

/**
 * Cookies named as the Stack SDK names them, so both can share a session:
 * `stack-refresh-{projectId}` (one year) and `stack-access` = `["<refresh>","<access>"]` (one day),
 * whose access token counts only while its refresh token is the current one.
 */
export function cookieTokenStore(options: CookieTokenStoreOptions): TokenStore {
  const jar = options.cookieDocument ?? browserCookieDocument();
  if (!jar) throw new Error("The 'cookie' token store needs a browser document (or pass cookieDocument).");
  const refreshName = `stack-refresh-${options.projectId}`;
  const secure = options.secure ?? shouldMarkSecure();

  const read = (): StoredTokens => {
    const refreshToken = readCookie(jar, refreshName) ?? readCookie(jar, 'stack-refresh');
    let accessToken: string | null = null;
    try {
      const pair: unknown = JSON.parse(readCookie(jar, 'stack-access') ?? 'null');
      if (Array.isArray(pair) && pair[0] === refreshToken && typeof pair[1] === 'string') accessToken = pair[1];
    } catch {
      // A malformed access cookie is as good as none: the token is refreshed.
    }
    return { accessToken: refreshToken ? accessToken : null, refreshToken };
  };

  const write = (tokens: StoredTokens) => {
    deleteCookie(jar, 'stack-refresh', secure);
    if (tokens.refreshToken) {
      writeCookie(jar, refreshName, tokens.refreshToken, { maxAgeSeconds: refreshCookieMaxAgeSeconds, secure });
    } else {
      deleteCookie(jar, refreshName, secure);
    }
    if (tokens.refreshToken && tokens.accessToken) {
      writeCookie(jar, 'stack-access', JSON.stringify([tokens.refreshToken, tokens.accessToken]), {
        maxAgeSeconds: accessCookieMaxAgeSeconds,
        secure,
      });
    } else {
      deleteCookie(jar, 'stack-access', secure);
    }
  };

  const listeners = new Set<(tokens: StoredTokens) => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastSeen = '';
  const fingerprint = (tokens: StoredTokens) => `${tokens.refreshToken}\n${tokens.accessToken}`;

  return {
    read,
    write(tokens) {
      write(tokens);
      lastSeen = fingerprint(read());
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        lastSeen = fingerprint(read());
        timer = setInterval(() => {
          const current = read();
          const seen = fingerprint(current);
          if (seen === lastSeen) return;
          lastSeen = seen;
          for (const each of listeners) each(current);
        }, cookiePollMillis);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}

function headerValue(headers: HeadersLike, name: string): string | null {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const found = Object.keys(record).find((key) => key.toLowerCase() === name);
  const value = found === undefined ? undefined : record[found];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** Parses an `x-stack-auth` header value (a string, or the headers holding it); malformed values give no tokens. */
export function tokensFromAuthHeader(source: string | null | undefined | HeadersLike): StoredTokens {
  const value =
    source === null || source === undefined || typeof source === 'string' ? source : headerValue(source, 'x-stack-auth');
  if (!value) return { ...noTokens };
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object') return { ...noTokens };
    const { accessToken, refreshToken } = parsed as Record<string, unknown>;
    return {
      accessToken: typeof accessToken === 'string' ? accessToken : null,
      refreshToken: typeof refreshToken === 'string' ? refreshToken : null,
    };
  } catch {
    return { ...noTokens };
  }
}

/** The `x-stack-auth` header value for `tokens`. */
export function authHeaderValue(tokens: StoredTokens): string {
  return JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
}

/** A store that keeps nothing: every read is empty (the `null` choice). */
function discardingTokenStore(): TokenStore {
  return { read: () => ({ ...noTokens }), write: () => {} };
}

function isTokenStore(value: object): value is TokenStore {
  return typeof (value as TokenStore).read === 'function' && typeof (value as TokenStore).write === 'function';
}

/** Turns the `tokenStore` option into a store; the default is cookies in browsers, memory elsewhere. */
export function resolveTokenStore(
  choice: TokenStoreChoice | undefined,
  context: { projectId: string; cookieDocument?: CookieDocument },
): TokenStore {
  if (choice === null) return discardingTokenStore();
  if (choice === undefined) choice = (context.cookieDocument ?? browserCookieDocument()) ? 'cookie' : 'memory';
  if (choice === 'cookie') return cookieTokenStore({ projectId: context.projectId, cookieDocument: context.cookieDocument });
  if (choice === 'memory') return memoryTokenStore();
  if (isTokenStore(choice)) return choice;
  if ('headers' in choice) return memoryTokenStore(tokensFromAuthHeader(choice.headers));
  return memoryTokenStore({ accessToken: choice.accessToken ?? null, refreshToken: choice.refreshToken ?? null });
}
