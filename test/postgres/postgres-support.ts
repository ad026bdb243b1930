// What the PostgreSQL tests share: a database of their own on the test cluster
// (scripts/ensure-postgres.ts), a data directory seeded through core's real write paths, and
// every table of a database read back in one comparable shape.
import { Database } from 'bun:sqlite';
import { SQL } from 'bun';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropTestDatabase, ensurePostgres } from '../../scripts/ensure-postgres';
import { withAuditOrigin } from '../../server/core/audit/audit-origin';
import { connectOAuthAccount, storeProviderTokens } from '../../server/core/users/oauth-accounts';
import { signUpWithPassword } from '../../server/core/auth/password-auth';
import { makeRecoveryCodes } from '../../server/core/credentials/recovery-codes';
import { createSession } from '../../server/core/auth/sessions';
import { createApiKeySet, nonExpiringKeyMillis } from '../../server/core/projects/api-keys';
import { bootstrapInstance } from '../../server/core/projects/bootstrap';
import { updateProject } from '../../server/core/projects/projects';
import { silentLogger, defaultSettings } from '../../server/core/storage/context';
import { copyPlan } from '../../server/core/operations/copy-plan';
import { openDataDirectory } from '../../server/core/storage/open-context';
import { writeTransaction } from '../../server/core/storage/transactions';
import { serverCaller } from '../../server/core/teams/team-callers';
import { addTeamMember } from '../../server/core/teams/team-memberships';
import { grantTeamPermission } from '../../server/core/teams/team-permissions';
import { createPermissionDefinition } from '../../server/core/projects/permission-definitions';
import { createTeam } from '../../server/core/teams/teams';
import { deleteUser, updateUser } from '../../server/core/users/users';
import { createUser } from '../../server/core/accounts/new-accounts';
import { createWebhookEndpoint } from '../../server/core/webhooks/webhook-endpoints';

const databases: string[] = [];

/** A new empty database on the test cluster, dropped by dropTestDatabases(). */
export async function testDatabase(): Promise<string> {
  const url = await ensurePostgres();
  databases.push(url);
  return url;
}

export async function dropTestDatabases(): Promise<void> {
  for (const url of databases.splice(0)) await dropTestDatabase(url);
}

export function tempDataDir(prefix = 'authd-pg-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface SeededData {
  demoProjectId: string;
  userIds: string[];
}

/**
 * A data directory with something in every kind of row authd writes, each through the core
 * function the API or CLI would call: projects and keys (bootstrap), sign-ups (users, emails,
 * verification codes, sessions, audit events), a deleted user (its audit trail stays, the counts
 * drop), TOTP with recovery codes, teams with members and granted custom permissions, an OAuth
 * account with sealed provider tokens, and a webhook endpoint with the deliveries later events
 * queue for it.
 */
export async function seedDataDirectory(dataDir: string, userCount = 6): Promise<SeededData> {
  const ctx = openDataDirectory(dataDir, 'development', silentLogger, defaultSettings());
  try {
    return await withAuditOrigin({ actorType: 'cli', actorId: 'test', ip: () => null, userAgent: 'authd test' }, async () => {
      const projects = await bootstrapInstance(ctx);
      const demo = projects.find((project) => project.projectId !== 'internal')!.projectId;
      await updateProject(ctx, demo, { config: { magic_link_enabled: true, client_team_creation_enabled: true } } as never);
      await createWebhookEndpoint(ctx, demo, { url: 'http://127.0.0.1:9/hook', description: 'copy test' });
      await createApiKeySet(ctx, demo, { description: 'second set', expiresAtMillis: nonExpiringKeyMillis, keys: { secret_server_key: true } } as never);
      await createPermissionDefinition(ctx, demo, { id: 'read_reports', description: 'Reads reports' });
      await createPermissionDefinition(ctx, demo, { id: 'write_reports', contained_permission_ids: ['read_reports'] });

      const userIds: string[] = [];
      for (let i = 0; i < userCount; i++) {
        const result = await signUpWithPassword(
          ctx,
          demo,
          { email: `Person.${i}@Example.com`, password: `correct horse battery ${i}`, verification_callback_url: 'http://localhost:3000/v' },
          { ip: '127.0.0.1' },
        );
        userIds.push(result.user_id);
      }
      const named = await createUser(ctx, demo, {
        display_name: 'Zoë Ünïcode',
        primary_email: 'zoe@example.com',
        primary_email_verified: true,
        primary_email_auth_enabled: true,
        client_metadata: { theme: 'dark', nested: { a: [1, 2, 3] } },
        server_metadata: { plan: 'pro' },
      } as never);
      userIds.push(named.id);
      await updateUser(ctx, demo, named.id, { totp_secret_base64: Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('base64') } as never);
      await makeRecoveryCodes(ctx, demo, named.id);
      await createSession(ctx, demo, named.id);

      const team = await createTeam(ctx, demo, serverCaller, { display_name: 'Reporting' } as never, userIds[0]);
      for (const userId of userIds.slice(1, 4)) await addTeamMember(ctx, demo, team.id, userId);
      await grantTeamPermission(ctx, demo, team.id, userIds[1]!, 'write_reports');

      await writeTransaction(ctx, async (tx) => {
        const account = await connectOAuthAccount(ctx, tx, demo, named.id, { providerId: 'github', providerAccountId: '4242', email: 'zoe@example.com' });
        await storeProviderTokens(ctx, tx, account.id, { accessToken: 'gho_access', refreshToken: 'ghr_refresh', scopes: ['read:user'], expiresInSeconds: 3600 } as never);
      });

      // Its audit trail stays behind it, and the counts drop.
      const leaving = await createUser(ctx, demo, { primary_email: 'leaving@example.com', primary_email_auth_enabled: true } as never);
      await deleteUser(ctx, demo, leaving.id);
      return { demoProjectId: demo, userIds };
    });
  } finally {
    ctx.storage.close();
  }
}

export type TableRows = Record<string, Record<string, unknown>[]>;

const byKey = (key: string[]) => (a: Record<string, unknown>, b: Record<string, unknown>) => {
  for (const column of key) {
    const [x, y] = [String(a[column]), String(b[column])];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

/** Every copied table of a data directory, rows in primary-key order, flags as booleans. */
export function readSqliteTables(dataDir: string): TableRows {
  const sqlite = new Database(join(dataDir, 'authd.db'), { readonly: true });
  try {
    const tables: TableRows = {};
    for (const table of copyPlan()) {
      const rows = sqlite.query<Record<string, unknown>, []>(`SELECT * FROM "${table.name}"`).all();
      tables[table.name] = rows
        .map((row) => {
          for (const column of table.columns) if (column.isFlag && row[column.name] !== null) row[column.name] = row[column.name] === 1;
          return row;
        })
        .sort(byKey(table.primaryKey));
    }
    return tables;
  } finally {
    sqlite.close();
  }
}

/** The same read of a PostgreSQL database; int8 values (strings from Bun) as numbers. */
export async function readPostgresTables(url: string): Promise<TableRows> {
  const client = new SQL({ url, max: 1 });
  try {
    const tables: TableRows = {};
    for (const table of copyPlan()) {
      const rows: Record<string, unknown>[] = [...(await client.unsafe(`SELECT * FROM "${table.name}"`))];
      tables[table.name] = rows
        .map((row) => {
          const plain: Record<string, unknown> = { ...row };
          for (const column of table.columns) if (column.isBigint && plain[column.name] !== null) plain[column.name] = Number(plain[column.name]);
          return plain;
        })
        .sort(byKey(table.primaryKey));
    }
    return tables;
  } finally {
    await client.close();
  }
}
