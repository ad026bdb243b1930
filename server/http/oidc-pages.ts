// The OpenID Provider's server-rendered pages: the consent screen, the refusal page for requests
// that cannot be sent back (unknown client, unregistered redirect URI), and the signed-out page.
// Plain HTML with no script: the consent form posts back to the authorization endpoint.
import { escapeHtml } from '../protocol/html-escape';
import { localeFromAcceptLanguage, matchLocale, sourceLocale, textDirectionOf, type Locale } from '../protocol/locales';
import { formatMessage, type MessageParameters } from '../protocol/messages/message-format';
import type { OidcPagesKey } from '../protocol/messages/oidc/oidc-en';
import { oidcPagesByLocale } from '../protocol/messages/all-locales';
import type { OidcScope } from '../core/oidc/oidc-scopes';

/** What a page knows of the reader's language besides the request's Accept-Language. */
export interface PageLanguage {
  /** The client's `ui_locales` (space-separated, preferred first): an explicit choice. */
  uiLocales?: string;
  /** The signed-in user's stored locale. */
  userLocale?: string | null;
  /** The project's default locale. */
  projectLocale?: string | null;
}

/**
 * The page's language in the screens' order: the explicit choice, the user's own, the browser's
 * (Accept-Language), the project's default, English.
 */
function translator(request: Request, language: PageLanguage = {}): { locale: Locale; t: (key: OidcPagesKey, parameters?: MessageParameters) => string } {
  const explicit = (language.uiLocales ?? '').split(' ').map((tag) => matchLocale(tag)).find((locale) => locale !== null) ?? null;
  const locale =
    explicit ??
    matchLocale(language.userLocale) ??
    localeFromAcceptLanguage(request.headers.get('accept-language')) ??
    matchLocale(language.projectLocale) ??
    sourceLocale;
  const messages = oidcPagesByLocale[locale];
  return { locale, t: (key, parameters) => escapeHtml(formatMessage(locale, messages[key], parameters)) };
}

const style = `body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#111;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #ddd;border-radius:12px;padding:28px;max-width:420px;width:100%;box-sizing:border-box}
h1{font-size:1.25rem;margin:0 0 12px}ul{padding-left:20px}button{font:inherit;padding:8px 16px;border-radius:8px;border:1px solid #999;background:#fff;cursor:pointer}
button[value=allow]{background:#111;color:#fff;border-color:#111}.actions{display:flex;gap:8px;justify-content:flex-end;margin-top:20px}.muted{color:#555;font-size:.9rem}`;

function page(locale: Locale, title: string, body: string, status = 200, formTargets = ''): Response {
  const html = `<!doctype html><html lang="${locale}" dir="${textDirectionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // Not framable: a consent button under someone else's page is a clickjacking target.
      'x-frame-options': 'DENY',
      // form-action covers the redirect that follows the post, so the client's origin is named too.
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${formTargets}; frame-ancestors 'none'`,
    },
  });
}

export function authorizationErrorPage(request: Request, reason: string): Response {
  const { locale, t } = translator(request);
  return page(locale, t('error.title'), `<h1 data-testid="oidc-error">${t('error.title')}</h1><p>${escapeHtml(reason)}</p><p class="muted">${t('error.hint')}</p>`, 400);
}

export function signedOutPage(request: Request): Response {
  const { locale, t } = translator(request);
  return page(locale, t('signedOut.title'), `<h1 data-testid="oidc-signed-out">${t('signedOut.title')}</h1><p>${t('signedOut.body')}</p>`);
}

export interface ConsentPageInput {
  clientName: string;
  projectName: string;
  userLabel: string;
  scopes: readonly OidcScope[];
  /** The authorization request's parameters, posted back with the decision. */
  parameters: Record<string, string>;
  action: string;
  /** Where the decision's redirect leads (the client's redirect URI). */
  redirectUri: string;
  language: PageLanguage;
}

export function consentPage(request: Request, input: ConsentPageInput): Response {
  const { locale, t } = translator(request, input.language);
  const client = input.clientName;
  const hidden = Object.entries(input.parameters)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const items = input.scopes.map((scope) => `<li>${t(`scope.${scope}`)}</li>`).join('');
  const body = `<h1 data-testid="oidc-consent">${t('consent.title', { client })}</h1>
<p>${t('consent.intro', { client, project: input.projectName })}</p><ul>${items}</ul>
<p class="muted">${t('consent.signedInAs', { user: input.userLabel })}</p>
<form method="post" action="${escapeHtml(input.action)}">${hidden}<div class="actions">
<button type="submit" name="decision" value="deny">${t('consent.deny')}</button>
<button type="submit" name="decision" value="allow" data-testid="oidc-allow">${t('consent.allow')}</button></div></form>`;
  return page(locale, t('consent.title', { client }), body, 200, ` ${new URL(input.redirectUri).origin}`);
}
