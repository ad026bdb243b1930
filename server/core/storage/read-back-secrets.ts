// The sealing policy: which stored values are secrets authd must read back in the clear, and
// are therefore sealed with the instance key (secret-box.ts), and the start-up migration that
// seals any such value an older authd stored plain. Secrets that are only ever compared (API
// keys, refresh tokens, emailed codes, passwords) are hashed instead and never appear here.
import type { Database } from 'bun:sqlite';
import type { Storage } from '../../../db/connection';
import type { Context } from './context';
import { openSecret, sealSecret } from './secret-box';

export interface ReadBackSecretColumn {
  table: string;
  column: string;
  holds: string;
}

/** Every column holding a read-back secret. A new one is added here, and to nothing else. */
export const readBackSecretColumns: readonly ReadBackSecretColumn[] = [
  { table: 'users', column: 'totp_secret_base64', holds: 'TOTP secrets (codes are checked against them)' },
  { table: 'oauth_tokens', column: 'sealed_token', holds: 'provider access and refresh tokens (handed back to the app)' },
  { table: 'webhook_endpoints', column: 'secret_sealed', holds: 'webhook signing secrets (each delivery is signed)' },
  { table: 'project_email_configs', column: 'password', holds: "SMTP passwords of a project's own email server" },
  { table: 'project_oauth_providers', column: 'client_secret', holds: "OAuth client secrets of a project's own provider apps" },
  { table: 'project_signing_keys', column: 'private_jwk', holds: 'ES256 private keys (a copy of the database must not mint tokens)' },
  // A queued email carries a live code or link until it is delivered; the magic-link subject
  // carries the typed code, so the subject stays sealed in the delivery record too.
  { table: 'email_messages', column: 'subject', holds: 'email subjects' },
  { table: 'email_messages', column: 'html', holds: 'queued email bodies (dropped once delivered)' },
  { table: 'email_messages', column: 'text', holds: 'queued email bodies (dropped once delivered)' },
  // Also sealed, inside a JSON value rather than a column of its own: the OAuth flow's
  // provider-side PKCE verifier (verification_codes.data.sealed_inner_verifier, kind
  // oauth_outer_flow). It was sealed from the start and lives an hour, so no migration needs it.
];

/** Null stays null (no secret set); an empty value stays empty (a delivered email's dropped body). */
export function sealOptionalSecret(ctx: Pick<Context, 'secretKey'>, plaintext: string | null | undefined): string | null {
  if (plaintext === null || plaintext === undefined) return null;
  return plaintext === '' ? '' : sealSecret(ctx, plaintext);
}

export function openOptionalSecret(ctx: Pick<Context, 'secretKey'>, sealed: string | null): string | null {
  if (sealed === null) return null;
  return sealed === '' ? '' : openSecret(ctx, sealed);
}

function isSealedWithKey(ctx: Pick<Context, 'secretKey'>, value: string): boolean {
  try {
    openSecret(ctx, value);
    return true;
  } catch {
    return false;
  }
}

export const sealReadBackSecretsMigrationTag = 'data:seal_read_back_secrets';

/**
 * Seals every plain value in the policy's columns and drops the bodies of emails already
 * delivered or given up on, once per database (recorded beside the SQL migrations). Each value
 * is also checked on its own, so running it again, or over a half-sealed table, seals only what
 * is still plain. Old page images are overwritten (secure_delete, then a checkpoint that empties
 * the WAL) so the plain values do not linger in the database's free space.
 */
export function sealPlainReadBackSecrets(ctx: Pick<Storage, 'secretKey' | 'sqlite'>): { sealed: number } {
  const sqlite = ctx.sqlite;
  const isApplied = () => sqlite.query('SELECT tag FROM schema_migrations WHERE tag = ?').get(sealReadBackSecretsMigrationTag) !== null;
  if (isApplied()) return { sealed: 0 };
  const previousSecureDelete = (sqlite.query('PRAGMA secure_delete').get() as { secure_delete: number }).secure_delete;
  sqlite.run('PRAGMA secure_delete = ON');
  let sealed = 0;
  try {
    sqlite
      .transaction(() => {
        if (isApplied()) return;
        sqlite.run(`UPDATE email_messages SET html = '', text = '' WHERE status IN ('sent', 'failed')`);
        for (const { table, column } of readBackSecretColumns) sealed += sealPlainValues(ctx, sqlite, table, column);
        sqlite.run('INSERT INTO schema_migrations (tag, applied_at) VALUES (?, ?)', [sealReadBackSecretsMigrationTag, Date.now()]);
      })
      .immediate();
  } finally {
    sqlite.run(`PRAGMA secure_delete = ${previousSecureDelete ? 'ON' : 'OFF'}`);
  }
  if (sealed > 0) sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)');
  return { sealed };
}

function sealPlainValues(ctx: Pick<Context, 'secretKey'>, sqlite: Database, table: string, column: string): number {
  const rows = sqlite
    .query(`SELECT rowid AS id, "${column}" AS value FROM "${table}" WHERE "${column}" IS NOT NULL AND "${column}" <> ''`)
    .all() as { id: number; value: string }[];
  const update = sqlite.prepare(`UPDATE "${table}" SET "${column}" = ? WHERE rowid = ?`);
  let sealed = 0;
  for (const row of rows) {
    if (isSealedWithKey(ctx, row.value)) continue;
    update.run(sealSecret(ctx, row.value), row.id);
    sealed++;
  }
  return sealed;
}
