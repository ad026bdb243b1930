// The import bench's baseline (bench/user-import.ts): the rows `authd users import` writes for
// each user of the bench's file (the user, its primary email, its audit event; the search index
// rows follow from the schema's triggers) and the per-batch counters, inserted with prepared
// statements in transactions of the same size into the same schema. Nothing is parsed, checked
// or looked up: the database's own cost of those rows.
// `bun bench/user-import-baseline.ts DATA_DIR PROJECT_ID USERS BATCH_SIZE`
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { benchUser } from './import-bench-users';

const [dataDir, projectId, usersText, batchText] = process.argv.slice(2);
const users = Number(usersText);
const batchSize = Number(batchText);
const db = new Database(join(dataDir!, 'authd.db'));
db.run('PRAGMA journal_mode = WAL');
db.run('PRAGMA synchronous = NORMAL');
db.run('PRAGMA foreign_keys = ON');

const insertUser = db.prepare(
  `INSERT INTO users (id, project_id, display_name, profile_image_url, client_metadata, client_read_only_metadata, server_metadata,
     signed_up_at, last_active_at, password_hash, otp_auth_enabled, totp_secret_base64, requires_totp_mfa, selected_team_id,
     display_name_folded, external_id)
   VALUES (?, ?, ?, NULL, 'null', 'null', 'null', ?, ?, ?, 0, NULL, 0, NULL, ?, ?)`,
);
const insertChannel = db.prepare(
  `INSERT INTO contact_channels (id, project_id, user_id, type, value, is_verified, is_primary, used_for_auth, created_at, value_folded, value_key, key_clash)
   VALUES (?, ?, ?, 'email', ?, 1, 1, 1, ?, ?, ?, 0)`,
);
const insertAudit = db.prepare(
  `INSERT INTO audit_events (project_id, occurred_at, type, actor_type, actor_id, subject_user_id, ip, user_agent, details)
   VALUES (?, ?, 'user.created', 'cli', 'unknown', ?, NULL, 'authd cli', ?)`,
);
const countUsers = db.prepare(
  `INSERT INTO project_user_counts (project_id, user_count, password_user_count, otp_user_count) VALUES (?, ?, ?, 0)
   ON CONFLICT (project_id) DO UPDATE SET user_count = user_count + excluded.user_count, password_user_count = password_user_count + excluded.password_user_count`,
);
const countDay = db.prepare(
  `INSERT INTO daily_sign_up_counts (project_id, day, sign_ups) VALUES (?, ?, ?)
   ON CONFLICT (project_id, day) DO UPDATE SET sign_ups = sign_ups + excluded.sign_ups`,
);

const writeBatch = db.transaction((start: number, end: number) => {
  const days = new Map<number, number>();
  for (let i = start; i < end; i++) {
    const user = benchUser(i);
    const id = crypto.randomUUID();
    const signedUp = user.signed_up_at_millis;
    insertUser.run(
      id,
      projectId!,
      user.display_name,
      signedUp,
      signedUp,
      user.password_hash,
      user.display_name.toLowerCase(),
      user.external_id,
    );
    insertChannel.run(crypto.randomUUID(), projectId!, id, user.primary_email, signedUp, user.primary_email, user.primary_email);
    insertAudit.run(projectId!, Date.now(), id, JSON.stringify({ email: user.primary_email }));
    const day = Math.floor(signedUp / 86_400_000);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  countUsers.run(projectId!, end - start, end - start);
  for (const [day, count] of days) countDay.run(projectId!, day, count);
});

for (let start = 0; start < users; start += batchSize) writeBatch(start, Math.min(users, start + batchSize));
db.close();
