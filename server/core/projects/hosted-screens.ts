// What the hosted handler screens need from a project: its publishable client key (a key set
// authd keeps for them) and its redirect trust settings. Publishable keys are public by design;
// no server or admin key is ever made or shown here.
import { createHmac } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { apiKeySets, projects } from '../storage/tables';
import { createApiKeySet, isValidApiKey, nonExpiringKeyMillis } from './api-keys';
import type { Context } from '../storage/context';
import { internalProjectId, readProjectAdminView } from './projects';
import { crockfordString, sha256Hex } from '../credentials/random-tokens';
import { writeTransaction, type DbWriter } from '../storage/transactions';
import type { HostedScreensConfig } from '../../protocol/hosted-screens-config';
import { firstRow } from '../storage/query-results';
import { matchLocale, sourceLocale } from '../../protocol/locales';

/** Description of the key sets authd creates for its hosted screens (visible in `keys list`). */
export const hostedScreensKeyDescription = 'Hosted sign-in screens (kept by authd)';

/**
 * The key is derived from the instance secret, the project and a generation number rather than
 * stored: authd keeps only key digests, yet must hand the same key to every page load. Revoking
 * the set (like any key set) moves the screens on to the next generation.
 */
function derivedKey(ctx: Context, projectId: string, generation: number): string {
  const digest = createHmac('sha512', ctx.secretKey).update(`hosted-screens-publishable-key:${projectId}:${generation}`).digest();
  return `pck_${crockfordString(digest.subarray(0, 45))}`;
}

/** Whether a key set of the project holds `key`, valid or not. */
async function keySetHoldsKey(db: DbWriter, projectId: string, key: string): Promise<boolean> {
  const row = firstRow(
    await db
      .select({ id: apiKeySets.id })
      .from(apiKeySets)
      .where(and(eq(apiKeySets.projectId, projectId), eq(apiKeySets.publishableClientKeyHash, sha256Hex(key))))
      .limit(1),
  );
  return row !== undefined;
}

// Enough generations for any number of revocations an admin would do by hand.
const maxGenerations = 1000;

/** The project's publishable key for the hosted screens, creating its key set on first use. */
export async function hostedScreensPublishableKey(ctx: Context, projectId: string): Promise<string> {
  for (let generation = 0; generation < maxGenerations; generation++) {
    const key = derivedKey(ctx, projectId, generation);
    if (await isValidApiKey(ctx, projectId, 'publishable_client_key', key)) return key;
    if (await keySetHoldsKey(ctx.db, projectId, key)) continue; // revoked or expired: this generation is spent
    return await writeTransaction(ctx, async (tx) => {
      // Another request may have created it since the check above.
      if (!(await keySetHoldsKey(tx, projectId, key))) {
        await createApiKeySet(
          ctx,
          projectId,
          {
            description: hostedScreensKeyDescription,
            expiresAtMillis: nonExpiringKeyMillis,
            keys: { publishable_client_key: key },
          },
          tx,
        );
      }
      return key;
    });
  }
  throw new Error(`no usable hosted-screens key generation left for project ${projectId}`);
}

/** The project `/handler/*` serves: the oldest one besides `internal` (the demo project in development). */
export async function defaultHostedProjectId(ctx: Context): Promise<string | null> {
  const row = firstRow(
    await ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(ne(projects.id, internalProjectId))
      .orderBy(asc(projects.createdAt), asc(projects.id))
      .limit(1),
  );
  return row?.id ?? null;
}

/** What the page's request decides (its language) is added by the HTTP layer. */
export type ProjectScreensConfig = Omit<HostedScreensConfig, 'locale' | 'localeFromQuery' | 'acceptLanguageLocale' | 'messagesBase'>;

export async function hostedScreensConfig(ctx: Context, projectId: string, handlerPath: string): Promise<ProjectScreensConfig> {
  const project = await readProjectAdminView(ctx, projectId);
  const trustedOrigins = project.config.domains.map((d) => d.domain);
  return {
    projectId,
    publishableClientKey: await hostedScreensPublishableKey(ctx, projectId),
    handlerPath,
    // The app the project signs people into, when known; otherwise the account settings, which
    // show a signed-in visitor who they are (and send a signed-out one to sign-in).
    homeUrl: trustedOrigins[0] ?? `${handlerPath}/account-settings`,
    trustedOrigins,
    allowLocalhost: project.config.allow_localhost,
    projectName: project.display_name,
    projectLocale: matchLocale(project.config.default_locale) ?? sourceLocale,
  };
}
