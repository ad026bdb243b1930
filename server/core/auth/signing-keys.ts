// Each project's ES256 keys: one signs new access tokens, retired ones keep verifying the tokens
// they signed until those expire, and all of them are published as the project's JWKS. The
// private half is sealed with the instance key, so a copy of the database cannot mint tokens.
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { projectSigningKeys } from '../storage/tables';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { perDatabase, rememberBounded } from '../storage/database-memory';
import { projectExists, requireProject } from '../projects/projects';
import { randomCrockfordString } from '../credentials/random-tokens';
import { openSecret, sealSecret } from '../storage/secret-box';
import { writeTransaction } from '../storage/transactions';
import { WriteInvalidatedCache } from '../storage/write-invalidated-cache';
import { firstRow } from '../storage/query-results';
import { prepared } from '../storage/prepared-queries';

export interface ProjectSigningKey {
  keyId: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

type SigningKeyRow = typeof projectSigningKeys.$inferSelect;

// Rows are re-read after any write (another process may have rotated); the imported keys, which
// never change for a key id, are kept for the life of the process.
const keyRowsCache = new WriteInvalidatedCache<SigningKeyRow[]>(10_000);
const maxImportedKeys = 10_000;
const importedSignersOf = perDatabase(() => new Map<string, Promise<ProjectSigningKey>>());
const importedVerifiersOf = perDatabase(() => new Map<string, Promise<CryptoKey>>());

/**
 * Tokens signed by a key until it was retired stay valid one access-token lifetime longer; after
 * that nothing it signed can verify, so it leaves the JWKS.
 */
function isStillVerifying(ctx: Context, row: SigningKeyRow): boolean {
  return row.retiredAt === null || row.retiredAt + ctx.settings.accessTokenLifetimeMillis > ctx.clock.now();
}

// Every sign-in reads these right after its own commit has emptied the cache: prepared once.
const selectProjectKeyRows = (db: Db) =>
  db
    .select()
    .from(projectSigningKeys)
    .where(eq(projectSigningKeys.projectId, sql.placeholder('projectId')))
    .orderBy(asc(projectSigningKeys.createdAt))
    .prepare();

async function projectKeyRows(ctx: Context, projectId: string): Promise<SigningKeyRow[]> {
  const rows = await keyRowsCache.get(ctx, projectId, async () => await prepared(ctx, selectProjectKeyRows).all({ projectId }));
  return rows.filter((row) => isStillVerifying(ctx, row));
}

/** The key that signs the project's new access tokens, made on first use. */
export async function getProjectSigningKey(ctx: Context, projectId: string): Promise<ProjectSigningKey> {
  const current = (await projectKeyRows(ctx, projectId)).find((row) => row.retiredAt === null);
  if (current) return importSigningKey(ctx, current);
  return await createFirstSigningKey(ctx, projectId);
}

/** The public key `keyId` of the project, if it still verifies; tokens name theirs in `kid`. */
export async function findProjectVerificationKey(ctx: Context, projectId: string, keyId: string): Promise<CryptoKey | undefined> {
  const row = (await projectKeyRows(ctx, projectId)).find((r) => r.keyId === keyId);
  if (!row) return undefined;
  const verifiers = importedVerifiersOf(ctx);
  let key = verifiers.get(row.keyId);
  if (!key) {
    key = importJWK(row.publicJwk as JWK, 'ES256') as Promise<CryptoKey>;
    rememberBounded(verifiers, row.keyId, key, maxImportedKeys);
  }
  return key;
}

/** A project's published keys. An unknown project is a 404, never a new key pair. */
export async function readProjectJwks(ctx: Context, projectId: string): Promise<{ keys: JWK[] }> {
  if (!(await projectExists(ctx, projectId))) throw plainTextError('PROJECT_NOT_FOUND');
  await getProjectSigningKey(ctx, projectId);
  // Without `use`, as Stack's JWKS has it (keys made before this were stored with it).
  return { keys: (await projectKeyRows(ctx, projectId)).map((row) => withoutUse(row.publicJwk as JWK)) };
}

export interface SigningKeyRotation {
  project_id: string;
  /** Signs every access token from now on. */
  new_key_id: string;
  /** Still verify (and stay in the JWKS) until the tokens they signed have expired. */
  verifying_key_ids: string[];
  /** Retired long enough ago that no token they signed is valid any more; deleted now. */
  dropped_key_ids: string[];
}

/**
 * Starts signing with a fresh key. Sessions survive: refresh tokens are not JWTs, and access
 * tokens already out keep verifying with the retired key until they expire.
 */
export async function rotateProjectSigningKey(ctx: Context, projectId: string): Promise<SigningKeyRotation> {
  await requireProject(ctx, projectId);
  const fresh = await generateSigningKeyRow(ctx, projectId);
  const now = ctx.clock.now();
  const dropped = await writeTransaction(ctx, async (tx) => {
    await tx
      .update(projectSigningKeys)
      .set({ retiredAt: now })
      .where(and(eq(projectSigningKeys.projectId, projectId), isNull(projectSigningKeys.retiredAt)));
    await tx.insert(projectSigningKeys).values(fresh);
    const expiredBefore = now - ctx.settings.accessTokenLifetimeMillis;
    return await tx
      .delete(projectSigningKeys)
      .where(and(eq(projectSigningKeys.projectId, projectId), lte(projectSigningKeys.retiredAt, expiredBefore)))
      .returning({ keyId: projectSigningKeys.keyId });
  });
  return {
    project_id: projectId,
    new_key_id: fresh.keyId,
    verifying_key_ids: (await projectKeyRows(ctx, projectId)).map((row) => row.keyId),
    dropped_key_ids: dropped.map((row) => row.keyId),
  };
}

async function generateSigningKeyRow(ctx: Context, projectId: string): Promise<SigningKeyRow> {
  const pair = await generateKeyPair('ES256', { extractable: true });
  const keyId = randomCrockfordString(12);
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: keyId, alg: 'ES256' };
  const privateJwk = { ...(await exportJWK(pair.privateKey)), kid: keyId, alg: 'ES256' };
  return {
    keyId,
    projectId,
    privateJwkSealed: sealSecret(ctx, JSON.stringify(privateJwk)),
    publicJwk,
    createdAt: ctx.clock.now(),
    retiredAt: null,
  };
}

async function createFirstSigningKey(ctx: Context, projectId: string): Promise<ProjectSigningKey> {
  const row = await generateSigningKeyRow(ctx, projectId);
  // Two requests or processes may race to create it; the unique index on the project's unretired
  // key lets the first insert win, and both sign with that one.
  await writeTransaction(ctx, async (tx) => await tx.insert(projectSigningKeys).values(row).onConflictDoNothing());
  const current = firstRow(
    await ctx.db
      .select()
      .from(projectSigningKeys)
      .where(and(eq(projectSigningKeys.projectId, projectId), isNull(projectSigningKeys.retiredAt)))
      .limit(1),
  );
  if (!current) throw plainTextError('PROJECT_NOT_FOUND');
  return importSigningKey(ctx, current);
}

function importSigningKey(ctx: Context, row: SigningKeyRow): Promise<ProjectSigningKey> {
  const signers = importedSignersOf(ctx);
  let key = signers.get(row.keyId);
  if (!key) {
    key = (async () => ({
      keyId: row.keyId,
      privateKey: (await importJWK(JSON.parse(openSecret(ctx, row.privateJwkSealed)) as JWK, 'ES256')) as CryptoKey,
      publicKey: (await importJWK(row.publicJwk as JWK, 'ES256')) as CryptoKey,
      publicJwk: row.publicJwk as JWK,
    }))();
    rememberBounded(signers, row.keyId, key, maxImportedKeys);
    key.catch(() => signers.delete(row.keyId));
  }
  return key;
}

function withoutUse(jwk: JWK): JWK {
  const { use: _use, ...rest } = jwk;
  return rest;
}
