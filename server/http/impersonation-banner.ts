// The banner of an impersonation session on the hosted screens, written into the page by the
// server: whoever looks is an admin signed in as the user, and every page they load says so,
// with the way out. Only a browser holding the marker cookie the impersonation link set is
// looked at (one lookup of its session), so other visitors' pages stay the cached ones and no
// screen's scripts or first-load messages carry any of it.
import type { Context } from '../core/storage/context';
import { impersonatedUserOf } from '../core/auth/impersonation';
import { readSessionCookie } from '../core/oidc/oidc-browser-session';
import { readUserServerView } from '../core/users/user-views';
import { escapeHtml } from '../protocol/html-escape';
import type { Locale } from '../protocol/locales';
import { formatMessage } from '../protocol/messages/message-format';
import { impersonationByLocale } from '../protocol/messages/all-locales';

/** Set beside the session by the impersonation link, for as long as the session lasts. */
export const impersonationMarkerCookie = 'authd-impersonation';

export function carriesImpersonationMarker(request: Request): boolean {
  return (request.headers.get('cookie') ?? '').split(';').some((part) => part.trim().startsWith(`${impersonationMarkerCookie}=`));
}

// The page's own colours (index.html's), light and dark: the screens' stylesheet is not needed.
const bannerStyle = `<style>
.authd-impersonation{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:12px;padding:8px 16px;text-align:center;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f172a;color:#fff}
.authd-impersonation p{margin:0}
.authd-impersonation a{color:inherit;font-weight:600;border:1px solid currentColor;border-radius:6px;padding:4px 12px;text-decoration:none;white-space:nowrap}
.authd-impersonation a:focus-visible{outline:2px solid currentColor;outline-offset:2px}
@media (prefers-color-scheme: dark){.authd-impersonation{background:#f1f5f9;color:#0f172a}}
</style>`;

/** The banner's HTML for this request, or null when its session is no impersonation. */
export async function impersonationBanner(ctx: Context, request: Request, projectId: string, handlerPath: string, locale: Locale): Promise<string | null> {
  const refreshToken = readSessionCookie(request.headers.get('cookie'), projectId);
  if (!refreshToken) return null;
  const userId = await impersonatedUserOf(ctx, projectId, refreshToken);
  if (userId === null) return null;
  const user = await readUserServerView(ctx, projectId, userId);
  const messages = impersonationByLocale[locale];
  const text = formatMessage(locale, messages.banner, { user: user.display_name ?? user.primary_email ?? user.id });
  return `${bannerStyle}<aside class="authd-impersonation" data-testid="impersonation-banner"><p>${escapeHtml(text)}</p><a href="${escapeHtml(`${handlerPath}/sign-out`)}">${escapeHtml(formatMessage(locale, messages.end))}</a></aside>`;
}
