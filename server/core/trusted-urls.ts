// Which URLs authd will put in an email or redirect to (wire §6): a trusted domain of the
// project (same origin, path under the domain's path), or localhost while the project allows
// it. Checked before anything is sent, so an untrusted link never leaves the server.
import { asc, eq } from 'drizzle-orm';
import { projectDomains } from '../../db/schema';
import { knownError } from '../protocol/known-errors';
import type { Context } from './context';
import { isLocalhostName } from './production-mode';
import { requireProjectRow } from './projects';

export function isTrustedUrl(ctx: Context, projectId: string, candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const project = requireProjectRow(ctx.db, projectId);
  if (project.allowLocalhost && isLocalhostName(url.hostname)) return true;
  const domains = ctx.db
    .select()
    .from(projectDomains)
    .where(eq(projectDomains.projectId, projectId))
    .orderBy(asc(projectDomains.position))
    .all();
  return domains.some(({ domain }) => {
    const trusted = new URL(domain);
    // Origins, not bare host names: a different port is a different site.
    const basePath = trusted.pathname.endsWith('/') ? trusted.pathname : `${trusted.pathname}/`;
    return url.origin === trusted.origin && (url.pathname === trusted.pathname || url.pathname.startsWith(basePath));
  });
}

export function requireTrustedUrl(ctx: Context, projectId: string, candidate: string): void {
  if (!isTrustedUrl(ctx, projectId, candidate)) throw knownError('REDIRECT_URL_NOT_WHITELISTED');
}

/** The emailed link: the callback URL with `code` set, keeping its other parameters. */
export function linkWithCode(callbackUrl: string, code: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('code', code);
  return url.toString();
}
