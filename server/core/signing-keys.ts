// Each project's ES256 key pair: generated once on first use, kept in the database, published
// as a JWKS. Imported keys are cached per process since a project's key never changes.
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { projectSigningKeys } from '../../db/schema';
import { StatusError } from '../protocol/status-error';
import type { Context } from './context';
import { perDatabase } from './database-memory';
import { projectExists } from './projects';
import { randomCrockfordString } from './random-tokens';

export interface ProjectSigningKey {
  keyId: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

const importedKeysOf = perDatabase(() => new Map<string, Promise<ProjectSigningKey>>());

export function getProjectSigningKey(ctx: Context, projectId: string): Promise<ProjectSigningKey> {
  const importedKeys = importedKeysOf(ctx);
  let key = importedKeys.get(projectId);
  if (!key) {
    key = loadOrCreateSigningKey(ctx, projectId);
    importedKeys.set(projectId, key);
    // A failure (e.g. the project was deleted meanwhile) must not be cached.
    key.catch(() => importedKeys.delete(projectId));
  }
  return key;
}

/** A project's published keys (wire §3.2). An unknown project is a 404, never a new key pair. */
export async function readProjectJwks(ctx: Context, projectId: string): Promise<{ keys: JWK[] }> {
  if (!projectExists(ctx, projectId)) throw new StatusError(404, 'Project not found');
  return { keys: [(await getProjectSigningKey(ctx, projectId)).publicJwk] };
}

async function loadOrCreateSigningKey(ctx: Context, projectId: string): Promise<ProjectSigningKey> {
  let row = ctx.db.select().from(projectSigningKeys).where(eq(projectSigningKeys.projectId, projectId)).get();
  if (!row) {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const keyId = randomCrockfordString(12);
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: keyId, alg: 'ES256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid: keyId, alg: 'ES256' };
    // Two processes may race to create it; the first insert wins and both read that one back.
    ctx.db
      .insert(projectSigningKeys)
      .values({ projectId, keyId, privateJwk, publicJwk, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .run();
    row = ctx.db.select().from(projectSigningKeys).where(eq(projectSigningKeys.projectId, projectId)).get()!;
  }
  return {
    keyId: row.keyId,
    privateKey: (await importJWK(row.privateJwk as JWK, 'ES256')) as CryptoKey,
    publicKey: (await importJWK(row.publicJwk as JWK, 'ES256')) as CryptoKey,
    publicJwk: row.publicJwk as JWK,
  };
}
