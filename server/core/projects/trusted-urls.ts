// Which URLs authd will put in an email or redirect to: a trusted domain of the
// project (same origin, path under the domain's path), or localhost while the project allows
// it, or authd's own hosted screens for the project at its public URL. Checked before anything
// is sent, so an untrusted link never leaves the server.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import { projectDomains } from '../storage/tables';
import { knownError } from '../../protocol/known-errors';
import type { Context } from '../storage/context';
import { defaultHostedProjectId } from './hosted-screens';
import { isLocalhostName } from '../../protocol/localhost-names';
import { isUnderTrustedDomain } from '../../protocol/trusted-url-rules';
import { prepared } from '../storage/prepared-queries';
import { requireProject } from './projects';

const selectDomainsOfProject = (db: Db) =>
  db
    .select({ domain: projectDomains.domain })
    .from(projectDomains)
    .where(eq(projectDomains.projectId, sql.placeholder('projectId')))
    .prepare();

export async function isTrustedUrl(ctx: Context, projectId: string, candidate: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const project = await requireProject(ctx, projectId);
  if (project.allowLocalhost && isLocalhostName(url.hostname)) return true;
  if (await isOwnHostedScreen(ctx, projectId, url)) return true;
  const domains = await prepared(ctx, selectDomainsOfProject).all({ projectId });
  return domains.some(({ domain }) => {
    return isUnderTrustedDomain(url, new URL(domain));
  });
}

/**
 * The hosted screens send emails whose links lead back to themselves; in production they are
 * reached at `--public-url`, which is no trusted domain of the project and not localhost.
 */
async function isOwnHostedScreen(ctx: Context, projectId: string, url: URL): Promise<boolean> {
  if (!ctx.settings.publicUrl) return false;
  const publicUrl = new URL(ctx.settings.publicUrl);
  if (url.origin !== publicUrl.origin) return false;
  const prefix = publicUrl.pathname.replace(/\/$/, '');
  if (url.pathname.startsWith(`${prefix}/projects/${projectId}/handler/`)) return true;
  return url.pathname.startsWith(`${prefix}/handler/`) && (await defaultHostedProjectId(ctx)) === projectId;
}

export async function requireTrustedUrl(ctx: Context, projectId: string, candidate: string): Promise<void> {
  if (!(await isTrustedUrl(ctx, projectId, candidate))) throw knownError('REDIRECT_URL_NOT_WHITELISTED');
}

/** The emailed link: the callback URL with `code` set, keeping its other parameters. */
export function linkWithCode(callbackUrl: string, code: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('code', code);
  return url.toString();
}
