// API key sets: creation (generated or imported keys), listing, revocation and the check that
// authenticates a request. Only SHA-256 digests and the last four characters are stored.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection';
import { apiKeySets } from '../storage/tables';
import {
  apiKeyKinds,
  apiKeyPrefixes,
  type ApiKeyKind,
  type ApiKeySetCreationView,
  type ApiKeySetObfuscatedView,
  type ApiKeyUpdate,
} from '../../protocol/api-key-schemas';
import { knownError } from '../../protocol/known-errors';
import { plainTextError } from '../../protocol/plain-text-errors';
import type { Context } from '../storage/context';
import { prepared } from '../storage/prepared-queries';
import { requireProjectRow } from './projects';
import { randomCrockfordString, secretMatchesDigest, sha256Hex } from '../credentials/random-tokens';
import { writeTransaction, type DbWriter } from '../storage/transactions';
import { WriteInvalidatedCache } from '../storage/write-invalidated-cache';
import { recordAuditEvent } from '../audit/audit-log';
import { findRowOfProject } from '../storage/rows-of-project';

type KeySetRow = typeof apiKeySets.$inferSelect;

/** Which keys a new set holds: `true` generates one, a string imports an existing key as is. */
export type RequestedKeys = Partial<Record<ApiKeyKind, true | string>>;

export interface ApiKeySetRequest {
  description: string;
  expiresAtMillis: number;
  keys: RequestedKeys;
}

/** Far enough ahead to mean "does not expire" while staying a plain millisecond number. */
export const nonExpiringKeyMillis = Date.UTC(2099, 11, 31, 23, 59, 59);

const hashColumn = {
  publishable_client_key: 'publishableClientKeyHash',
  secret_server_key: 'secretServerKeyHash',
  super_secret_admin_key: 'superSecretAdminKeyHash',
} as const satisfies Record<ApiKeyKind, keyof KeySetRow>;

const lastFourColumn = {
  publishable_client_key: 'publishableClientKeyLastFour',
  secret_server_key: 'secretServerKeyLastFour',
  super_secret_admin_key: 'superSecretAdminKeyLastFour',
} as const satisfies Record<ApiKeyKind, keyof KeySetRow>;

// Imported keys come from other systems (Stack Auth's own are prefixed or long phrases); all we
// insist on is enough length to be unguessable and no characters that break headers.
const importedKeyPattern = /^[\x21-\x7e]{24,256}$/;

export async function createApiKeySet(
  ctx: Context,
  projectId: string,
  request: ApiKeySetRequest,
  db: DbWriter = ctx.db,
): Promise<ApiKeySetCreationView> {
  await requireProjectRow(db, projectId);
  const requested = apiKeyKinds.filter((kind) => request.keys[kind] !== undefined);
  if (requested.length === 0) {
    throw plainTextError('API_KEY_SET_WITHOUT_KEYS');
  }
  const plainKeys: Partial<Record<ApiKeyKind, string>> = {};
  for (const kind of requested) {
    const given = request.keys[kind];
    if (typeof given === 'string' && !importedKeyPattern.test(given)) {
      throw knownError(
        'SCHEMA_ERROR',
        `The ${kind.replaceAll('_', ' ')} to import must be 24 to 256 printable characters without spaces.`,
      );
    }
    plainKeys[kind] = typeof given === 'string' ? given : apiKeyPrefixes[kind] + randomCrockfordString(45);
  }

  const row: KeySetRow = {
    id: crypto.randomUUID(),
    projectId,
    description: request.description,
    createdAt: ctx.clock.now(),
    expiresAt: request.expiresAtMillis,
    manuallyRevokedAt: null,
    publishableClientKeyHash: null,
    publishableClientKeyLastFour: null,
    secretServerKeyHash: null,
    secretServerKeyLastFour: null,
    superSecretAdminKeyHash: null,
    superSecretAdminKeyLastFour: null,
  };
  for (const kind of requested) {
    const key = plainKeys[kind]!;
    row[hashColumn[kind]] = sha256Hex(key);
    row[lastFourColumn[kind]] = key.slice(-4);
  }
  // Joins the caller's transaction when it passes one; a caller passing ctx.db gets its own.
  await writeTransaction(ctx, async () => {
    await db.insert(apiKeySets).values(row);
    await recordAuditEvent(ctx, { projectId, type: 'api_keys.created', details: { key_set_id: row.id, description: row.description, kinds: requested } });
  });

  return {
    id: row.id,
    description: row.description,
    expires_at_millis: row.expiresAt,
    created_at_millis: row.createdAt,
    ...plainKeys,
  };
}

export async function listApiKeySets(ctx: Context, projectId: string): Promise<ApiKeySetObfuscatedView[]> {
  // An unknown project would otherwise list as empty, hiding a mistyped id.
  await requireProjectRow(ctx.db, projectId);
  return (
    await ctx.db
      .select()
      .from(apiKeySets)
      .where(eq(apiKeySets.projectId, projectId))
      .orderBy(desc(apiKeySets.createdAt), desc(apiKeySets.id))
  ).map(obfuscatedView);
}

export async function getApiKeySet(ctx: Context, projectId: string, keySetId: string): Promise<ApiKeySetObfuscatedView> {
  return obfuscatedView(await findKeySetRow(ctx, projectId, keySetId));
}

export async function updateApiKeySet(
  ctx: Context,
  projectId: string,
  keySetId: string,
  update: ApiKeyUpdate,
): Promise<ApiKeySetObfuscatedView> {
  const row = await findKeySetRow(ctx, projectId, keySetId);
  const changes: Partial<KeySetRow> = {};
  if (update.description !== undefined) changes.description = update.description;
  // Revoking twice keeps the first revocation time.
  if (update.revoked && row.manuallyRevokedAt === null) changes.manuallyRevokedAt = ctx.clock.now();
  if (Object.keys(changes).length > 0) {
    await writeTransaction(ctx, async (tx) => {
      await tx.update(apiKeySets).set(changes).where(eq(apiKeySets.id, row.id));
      if (changes.manuallyRevokedAt) await recordAuditEvent(ctx, { projectId, type: 'api_keys.revoked', details: { key_set_id: row.id } });
    });
  }
  return await getApiKeySet(ctx, projectId, keySetId);
}

export async function revokeApiKeySet(ctx: Context, projectId: string, keySetId: string): Promise<ApiKeySetObfuscatedView> {
  return await updateApiKeySet(ctx, projectId, keySetId, { revoked: true });
}

// Remembers when each presented key stops being valid (0: not valid), keyed by its digest so no
// raw secret is held. Emptied by any write, so a revocation from the CLI counts at once.
const keyValidityCache = new WriteInvalidatedCache<number>(10_000);

/**
 * True when `key` belongs to a key set of the project that holds a key of this kind and is
 * neither revoked nor expired.
 */
export async function isValidApiKey(ctx: Context, projectId: string, kind: ApiKeyKind, key: string): Promise<boolean> {
  const validUntil = await keyValidityCache.get(ctx, `${projectId}:${kind}:${sha256Hex(key)}`, async () =>
    await keyValidUntil(ctx, projectId, kind, key),
  );
  return validUntil > ctx.clock.now();
}

async function keyValidUntil(ctx: Context, projectId: string, kind: ApiKeyKind, key: string): Promise<number> {
  const candidates = await prepared(ctx, selectKeySetsOfProject).all({ projectId });
  let validUntil = 0;
  for (const row of candidates) {
    const digest = row[hashColumn[kind]];
    if (digest === null) continue;
    // Compare against every candidate so the time taken says nothing about which one matched.
    const matches = secretMatchesDigest(key, digest);
    if (matches && row.manuallyRevokedAt === null) validUntil = Math.max(validUntil, row.expiresAt);
  }
  return validUntil;
}

const selectKeySetsOfProject = (db: Db) =>
  db
    .select()
    .from(apiKeySets)
    .where(eq(apiKeySets.projectId, sql.placeholder('projectId')))
    .prepare();

async function findKeySetRow(ctx: Context, projectId: string, keySetId: string): Promise<KeySetRow> {
  await requireProjectRow(ctx.db, projectId);
  const row = await findRowOfProject(ctx.db, apiKeySets, projectId, keySetId);
  if (!row) throw knownError('API_KEY_NOT_FOUND');
  return row;
}

function obfuscatedView(row: KeySetRow): ApiKeySetObfuscatedView {
  const view: ApiKeySetObfuscatedView = {
    id: row.id,
    description: row.description,
    expires_at_millis: row.expiresAt,
    created_at_millis: row.createdAt,
  };
  if (row.manuallyRevokedAt !== null) view.manually_revoked_at_millis = row.manuallyRevokedAt;
  for (const kind of apiKeyKinds) {
    const lastFour = row[lastFourColumn[kind]];
    if (lastFour !== null) view[kind] = { last_four: lastFour };
  }
  return view;
}
