// The session rules: an access token known to be expired is refreshed from the
// refresh token before use (one refresh shared by concurrent calls), a refresh-token error ends
// the session, and an access token the server refused is dropped so the next use refreshes it.
import { isAccessTokenExpired, serverClockOffsetMillis } from './access-token-expiry';
import { isKnownError } from './errors';
import type { StoredTokens, TokenStore } from './token-stores';
import { callTokenEndpoint, type TransportConfig } from './transport';

export class SessionKeeper {
  private readonly listeners = new Set<(tokens: StoredTokens) => void>();
  private pendingRefresh: { refreshToken: string; result: Promise<StoredTokens> } | undefined;
  private unsubscribeStore: (() => void) | undefined;
  /** The server's clock minus ours, learnt from the tokens it issues (see serverClockOffsetMillis). */
  private serverClockOffset = 0;

  constructor(
    private readonly store: TokenStore,
    private readonly transport: TransportConfig,
    private readonly now: () => number,
  ) {}

  async read(): Promise<StoredTokens> {
    const tokens = await this.store.read();
    return { accessToken: tokens.accessToken ?? null, refreshToken: tokens.refreshToken ?? null };
  }

  /** Stores tokens; an access token given here has just been issued by the server. */
  async write(tokens: StoredTokens): Promise<void> {
    if (tokens.accessToken) this.serverClockOffset = serverClockOffsetMillis(tokens.accessToken, this.now());
    await this.store.write(tokens);
    for (const listener of this.listeners) listener(tokens);
  }

  clear(): Promise<void> {
    return this.write({ accessToken: null, refreshToken: null });
  }

  /**
   * Tokens ready for a call: the access token refreshed first when it is known to be expired.
   * Without a refresh token an unexpired access token is still used; an expired one is dropped.
   */
  async usableTokens(): Promise<StoredTokens> {
    const tokens = await this.read();
    if (tokens.accessToken && !isAccessTokenExpired(tokens.accessToken, this.now() + this.serverClockOffset)) return tokens;
    if (!tokens.refreshToken) return { accessToken: null, refreshToken: null };
    return this.refresh(tokens.refreshToken);
  }

  /** The server refused `accessToken`: forget it (if it is still the stored one) so the next call refreshes. */
  async dropAccessToken(accessToken: string): Promise<void> {
    const tokens = await this.read();
    if (tokens.accessToken === accessToken) await this.write({ accessToken: null, refreshToken: tokens.refreshToken });
  }

  private refresh(refreshToken: string): Promise<StoredTokens> {
    if (this.pendingRefresh?.refreshToken === refreshToken) return this.pendingRefresh.result;
    const result = this.runRefresh(refreshToken).finally(() => {
      if (this.pendingRefresh?.result === result) this.pendingRefresh = undefined;
    });
    this.pendingRefresh = { refreshToken, result };
    return result;
  }

  private async runRefresh(refreshToken: string): Promise<StoredTokens> {
    let answer: unknown;
    try {
      answer = await callTokenEndpoint(this.transport, { grant_type: 'refresh_token', refresh_token: refreshToken });
    } catch (error) {
      if (!isKnownError(error, 'REFRESH_TOKEN_ERROR')) throw error;
      // Only end the session this refresh belonged to; another tab may have signed in meanwhile.
      if ((await this.read()).refreshToken === refreshToken) await this.clear();
      return { accessToken: null, refreshToken: null };
    }
    const { access_token: accessToken, refresh_token: rotated } = answer as { access_token?: unknown; refresh_token?: unknown };
    if (typeof accessToken !== 'string' || !accessToken) throw new Error('The token endpoint answered without an access_token.');
    // A project with refresh-token rotation answers with the next refresh token; the one sent is
    // used up, and presenting it again would end the session.
    const refreshed = { accessToken, refreshToken: typeof rotated === 'string' && rotated ? rotated : refreshToken };
    if ((await this.read()).refreshToken === refreshToken) await this.write(refreshed);
    return refreshed;
  }

  /** Listens to changes made here and, when the store reports them, elsewhere (other tabs). */
  onChange(listener: (tokens: StoredTokens) => void): () => void {
    this.listeners.add(listener);
    if (!this.unsubscribeStore && this.store.subscribe) {
      this.unsubscribeStore = this.store.subscribe((tokens) => {
        for (const each of this.listeners) each(tokens);
      });
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopWatchingStore();
    };
  }

  stopWatchingStore(): void {
    this.unsubscribeStore?.();
    this.unsubscribeStore = undefined;
  }
}
