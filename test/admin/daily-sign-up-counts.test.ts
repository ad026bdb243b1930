// Migration 0018's counter of sign-ups per day, which GET /internal/metrics reads instead of
// counting users: it starts from the users a database already holds, per project and UTC day.
import { afterAll, expect, test } from 'bun:test';
import { applyMigrations } from '../../db/connection';
import { removeScratchDirs, scratchDir } from '../support/cli';
import { databaseBeforeMigration } from '../support/older-schema';

afterAll(removeScratchDirs);

const dayMillis = 24 * 60 * 60 * 1000;

test('an upgraded database counts the sign-ups of the users it already had, by project and UTC day', () => {
  const db = databaseBeforeMigration(scratchDir('authd-sign-up-counts-'), '0018_daily_sign_up_counts');
  for (const project of ['a', 'b']) {
    db.run('INSERT INTO projects (id, display_name, created_at, config_id) VALUES (?, ?, 1, ?)', [project, project, `config-${project}`]);
  }
  const day = 20_000;
  const addUser = (project: string, signedUpAt: number) =>
    db.run('INSERT INTO users (id, project_id, signed_up_at, last_active_at) VALUES (?, ?, ?, ?)', [
      crypto.randomUUID(),
      project,
      signedUpAt,
      signedUpAt,
    ]);
  // The first and last millisecond of a day belong to it; the next millisecond does not.
  addUser('a', day * dayMillis);
  addUser('a', (day + 1) * dayMillis - 1);
  addUser('a', (day + 1) * dayMillis);
  addUser('b', day * dayMillis + 5);

  applyMigrations(db);
  const counts = () => db.query('SELECT project_id, day, sign_ups FROM daily_sign_up_counts ORDER BY project_id, day').all();
  expect(counts()).toEqual([
    { project_id: 'a', day, sign_ups: 2 },
    { project_id: 'a', day: day + 1, sign_ups: 1 },
    { project_id: 'b', day, sign_ups: 1 },
  ]);

  // From here the triggers keep it: a new user adds, a deleted one subtracts, a project's
  // deletion takes its rows along.
  addUser('b', day * dayMillis + 9);
  db.run("DELETE FROM users WHERE project_id = 'a' AND signed_up_at = ?", [(day + 1) * dayMillis]);
  db.run('PRAGMA foreign_keys = ON');
  db.run("DELETE FROM projects WHERE id = 'a'");
  expect(counts()).toEqual([{ project_id: 'b', day, sign_ups: 2 }]);
  db.close();
});
