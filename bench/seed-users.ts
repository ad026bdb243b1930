// A project filled with users in bulk, straight into SQLite (not through the API): users with a
// verified primary email, signed up one a second before now, oldest first; one team per ~100
// users with 1 to 200 members; a chain of ten contained permissions granted at its top to a tenth
// of the members. Shared by bench/scale.ts and bench/users-page.ts.
import type { openContext } from '../cmd/cli-support';

export const chainLength = 10;
const dayMillis = 86_400_000;

export function seedUsers(ctx: ReturnType<typeof openContext>, projectId: string, userCount: number): { deepCursor: string; teamId: string; memberId: string } {
  const sqlite = ctx.storage.sqlite;
  const now = Date.now();
  const fakeHash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';
  const insertUser = sqlite.prepare(
    `INSERT INTO users (id, project_id, display_name, display_name_folded, signed_up_at, last_active_at, last_active_day,
       password_hash, otp_auth_enabled, requires_totp_mfa)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
  );
  const insertChannel = sqlite.prepare(
    `INSERT INTO contact_channels (id, project_id, user_id, type, value, value_folded, value_key, is_verified, is_primary, used_for_auth, created_at)
     VALUES (?, ?, ?, 'email', ?, ?, ?, 1, 1, 1, ?)`,
  );
  const insertTeam = sqlite.prepare('INSERT INTO teams (id, project_id, display_name, created_at) VALUES (?, ?, ?, ?)');
  const insertMember = sqlite.prepare('INSERT INTO team_members (project_id, team_id, user_id, created_at) VALUES (?, ?, ?, ?)');
  const insertGrant = sqlite.prepare('INSERT OR IGNORE INTO team_member_permissions (project_id, team_id, user_id, permission_id) VALUES (?, ?, ?, ?)');
  const insertDefinition = sqlite.prepare('INSERT INTO permission_definitions (project_id, id, created_at) VALUES (?, ?, ?)');
  const insertContainment = sqlite.prepare('INSERT INTO permission_containments (project_id, permission_id, contained_permission_id) VALUES (?, ?, ?)');
  const userIds: string[] = [];
  let teamId = '';
  let memberId = '';
  sqlite.transaction(() => {
    for (let p = 0; p < chainLength; p++) {
      insertDefinition.run(projectId, `level_${p}`, now);
      if (p > 0) insertContainment.run(projectId, `level_${p - 1}`, `level_${p}`);
    }
    for (let i = 0; i < userCount; i++) {
      const id = crypto.randomUUID();
      // Signed up one per second before now, oldest first, so list order is stable.
      const signedUpAt = now - (userCount - i) * 1000;
      const name = `Person ${i}`;
      insertUser.run(id, projectId, name, name.toLowerCase(), signedUpAt, signedUpAt, Math.floor(signedUpAt / dayMillis), fakeHash);
      const email = `person${i}@scale.example.com`;
      insertChannel.run(crypto.randomUUID(), projectId, id, email, email, email, signedUpAt);
      userIds.push(id);
    }
    let next = 0;
    let team = 0;
    while (next < userCount) {
      const size = 1 + (team * 37) % 200;
      const id = crypto.randomUUID();
      insertTeam.run(id, projectId, `Team ${team}`, now);
      for (const userId of userIds.slice(next, next + size)) {
        insertMember.run(projectId, id, userId, now);
        if (Math.random() < 0.1) insertGrant.run(projectId, id, userId, 'level_0');
      }
      if (team === Math.floor(userCount / 200)) {
        // The team measured: its first member holds the top of the chain.
        teamId = id;
        memberId = userIds[next]!;
        insertGrant.run(projectId, id, memberId, 'level_0');
      }
      next += size;
      team++;
    }
  })();
  // No ANALYZE: authd never runs it, so a served database has no statistics, and the bench
  // measures the plans SQLite chooses without them.
  // The list is newest first: the user a tenth of the way from the oldest is 90 % down.
  return { deepCursor: userIds[Math.floor(userCount * 0.1)]!, teamId, memberId };
}
