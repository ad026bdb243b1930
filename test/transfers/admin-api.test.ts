// The admin API's user import and export through a real HTTP server: the import takes the file
// as a streamed body and answers the report, the export streams the file back; only the admin
// key may call them, and a bad format, query or file is a named error that writes nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { userImportReportResponse } from '../../server/protocol/user-transfer-schemas';
import * as v from 'valibot';
import { signIn } from '../support/accounts';
import { api, as, expectKnownError, expectSchemaError, expectTextError, makeProject } from '../support/api-expectations';
import { cliOk } from '../support/cli';
import { callApi, startTestInstance, type ApiResult, type TestInstance } from '../support/instance';
import { firebaseFlags, fixture } from './format-cases';

let t: TestInstance;
beforeAll(async () => {
  t = await startTestInstance();
});
afterAll(async () => await t?.stop());

const countUsers = async (project: BootstrappedProject) =>
  Number((await t.rows('select count(*) as n from users where project_id = ?', project.projectId))[0]!.n);

function importCall(
  project: BootstrappedProject,
  query: string,
  body: BodyInit,
  level: 'client' | 'server' | 'admin' = 'admin',
): Promise<ApiResult> {
  return callApi(t.url, 'POST', `${api}/users/import?${query}`, {
    headers: as(project, level),
    rawBody: body,
    contentType: 'application/octet-stream',
  });
}

const exportCall = (project: BootstrappedProject, query = '', level: 'client' | 'server' | 'admin' = 'admin') =>
  callApi(t.url, 'GET', `${api}/users/export${query ? `?${query}` : ''}`, { headers: as(project, level) });

describe('POST /users/import', () => {
  test('the admin key imports a file and gets the report; the users sign in with their passwords', async () => {
    const project = await makeProject(t, 'api import');
    const res = await importCall(project, 'format=auth0', Bun.file(fixture('auth0-users.ndjson')));
    expect(res.status).toBe(200);
    const report = v.parse(userImportReportResponse, res.json);
    expect(report).toMatchObject({ format: 'auth0', dry_run: false, imported: 4, skipped: 0, refused_count: 1 });
    expect(report.refused.map((r) => r.line)).toEqual([5]);
    expect(await countUsers(project)).toBe(4);
    expect((await signIn(t, project, 'ada.bcrypt@auth0.example.com', 'bcrypt-pass-1')).user_id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await importCall(project, 'format=auth0', Bun.file(fixture('auth0-users.ndjson')));
    expect(again.json).toMatchObject({ imported: 0, skipped: 4, refused_count: 1 });
    expect(await countUsers(project)).toBe(4);
  });

  test('the body is the file whatever its content type says (curl --data-binary sends a form type)', async () => {
    for (const contentType of ['application/x-www-form-urlencoded', 'application/json', 'text/csv', 'application/x-ndjson']) {
      const project = await makeProject(t, `api import as ${contentType}`);
      const res = await callApi(t.url, 'POST', `${api}/users/import?format=jsonl`, {
        headers: as(project, 'admin'),
        rawBody: Bun.file(fixture('authd-users.jsonl')),
        contentType,
      });
      expect({ contentType, status: res.status, imported: res.json?.imported }).toEqual({
        contentType,
        status: 200,
        imported: 3,
      });
    }
  });

  test('Firebase takes its hash parameters as query parameters', async () => {
    const project = await makeProject(t, 'api firebase');
    // The CLI's flags as query parameters: --firebase-signer-key is firebase_signer_key.
    const parameters = new URLSearchParams({ format: 'firebase' });
    for (let i = 0; i < firebaseFlags.length; i += 2)
      parameters.set(firebaseFlags[i]!.slice(2).replaceAll('-', '_'), firebaseFlags[i + 1]!);
    const res = await importCall(project, parameters.toString(), Bun.file(fixture('firebase-users.json')));
    expect(res.json).toMatchObject({ imported: 2, refused_count: 1 });
    expect((await signIn(t, project, 'user1@firebase.example.com', 'user1password')).user_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('dry_run=true reports the same and writes nothing', async () => {
    const project = await makeProject(t, 'api dry run');
    const res = await importCall(project, 'format=auth0&dry_run=true', Bun.file(fixture('auth0-users.ndjson')));
    expect(res.json).toMatchObject({ dry_run: true, imported: 4, refused_count: 1 });
    expect(await countUsers(project)).toBe(0);
  });

  test('client and server keys are refused, and nothing is written', async () => {
    const project = await makeProject(t, 'api import keys');
    for (const level of ['client', 'server'] as const) {
      const res = await importCall(project, 'format=auth0', Bun.file(fixture('auth0-users.ndjson')), level);
      expectKnownError(res, 401, 'INSUFFICIENT_ACCESS_TYPE');
    }
    const anonymous = await callApi(t.url, 'POST', `${api}/users/import?format=jsonl`, { rawBody: '{}\n' });
    expectKnownError(anonymous, 400, 'ACCESS_TYPE_REQUIRED');
    expect(await countUsers(project)).toBe(0);
  });

  test('a bad format, query or file is a named error and writes nothing', async () => {
    const project = await makeProject(t, 'api import refusals');
    const file = () => Bun.file(fixture('auth0-users.ndjson'));
    expectTextError(
      await importCall(project, 'format=okta', file()),
      400,
      'Unknown import format "okta": use auth0, supabase, clerk, firebase, stack, jsonl or csv.',
    );
    expectSchemaError(await importCall(project, '', file()), 'query.format');
    expectSchemaError(await importCall(project, 'format=auth0&dry_run=maybe', file()), 'query.dry_run');
    expectSchemaError(await importCall(project, 'format=auth0&colour=blue', file()), 'colour');
    expectSchemaError(
      await importCall(project, 'format=firebase&firebase_rounds=8', Bun.file(fixture('firebase-users.json'))),
      'go together',
    );
    const unreadable = await importCall(project, 'format=firebase', '{"users": [{"localId": "a"}, ');
    expect(unreadable.status).toBe(400);
    expect(unreadable.text).toStartWith('The import file cannot be read: ');
    expectTextError(await importCall(project, 'format=firebase', 'not json at all'), 400);
    expect(await countUsers(project)).toBe(0);
  });

  test('a 50,000-user body streamed in chunks (no declared length) imports every user', async () => {
    const project = await makeProject(t, 'api bulk');
    const total = 50_000;
    const hash = '$2b$10$7lDIe8geJtyiIetfnoooC.NmI51n7ab9n1jMH7n2uiqO0OsJJUbke';
    const encoder = new TextEncoder();
    let sent = 0;
    // Generated while sending, 1,000 lines a chunk: the body never exists whole on either side.
    async function* lines(): AsyncGenerator<Uint8Array> {
      for (let start = 0; start < total; start += 1000) {
        let chunk = '';
        for (let i = start; i < start + 1000; i++) {
          chunk += `${JSON.stringify({ external_id: `bulk-${i}`, primary_email: `bulk-${i}@example.com`, primary_email_verified: true, signed_up_at_millis: 1_600_000_000_000 + i, password_hash: hash })}\n`;
        }
        sent += chunk.length;
        yield encoder.encode(chunk);
      }
    }
    const res = await fetch(`${t.url}${api}/users/import?format=jsonl`, {
      method: 'POST',
      headers: as(project, 'admin'),
      body: lines() as unknown as BodyInit,
    });
    const report = (await res.json()) as v.InferOutput<typeof userImportReportResponse>;
    expect(res.status).toBe(200);
    // Well past the 1 MB every other route is held to.
    expect(sent).toBeGreaterThan(8 * 1024 * 1024);
    expect(report).toMatchObject({ read: total, imported: total, skipped: 0, refused_count: 0 });
    expect(await countUsers(project)).toBe(total);
  }, 300_000);

  test('other routes still refuse a chunked body past 1 MB', async () => {
    const project = await makeProject(t, 'api body limit');
    async function* big(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 40; i++) yield new TextEncoder().encode(`"${'x'.repeat(64 * 1024)}",`);
    }
    const res = await fetch(`${t.url}${api}/users`, {
      method: 'POST',
      headers: { ...as(project, 'server'), 'content-type': 'application/json' },
      body: big() as unknown as BodyInit,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-stack-known-error')).toBe('BODY_PARSING_ERROR');
    expect(await countUsers(project)).toBe(0);
  });
});

describe('GET /users/export', () => {
  let project: BootstrappedProject;
  beforeAll(async () => {
    project = await makeProject(t, 'api export');
    await importCall(project, 'format=jsonl', Bun.file(fixture('authd-users.jsonl')));
  });

  test('streams the same JSONL as the CLI, hashes only when asked for', async () => {
    const plain = await exportCall(project);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(plain.text).toBe(await cliOk(['users', 'export', '--project', project.projectId, ...t.databaseArgs]));
    expect(plain.text).not.toContain('password_hash');
    expect(plain.text.trim().split('\n')).toHaveLength(3);

    const withHashes = await exportCall(project, 'include_password_hashes=true');
    expect(withHashes.text).toBe(
      await cliOk(['users', 'export', '--project', project.projectId, '--include-password-hashes', ...t.databaseArgs]),
    );
    expect(withHashes.text).toContain('"password_hash":"$scrypt$');
  });

  test('CSV, with its header', async () => {
    const csv = await exportCall(project, 'format=csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text).toBe(await cliOk(['users', 'export', '--project', project.projectId, '--format', 'csv', ...t.databaseArgs]));
    expect(csv.text.split('\n')[0]).toStartWith('id,external_id,');
  });

  test('an export imported through the API into another project carries every user', async () => {
    const exported = (await exportCall(project, 'include_password_hashes=true')).text;
    const other = await makeProject(t, 'api export target');
    const report = await importCall(other, 'format=jsonl', exported);
    expect(report.json).toMatchObject({ imported: 3, refused_count: 0 });
    expect((await signIn(t, other, 'claude.scrypt@authd.example.com', 'scrypt-pass-1')).user_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('client and server keys are refused; an unknown format is named', async () => {
    for (const level of ['client', 'server'] as const)
      expectKnownError(await exportCall(project, '', level), 401, 'INSUFFICIENT_ACCESS_TYPE');
    expectTextError(await exportCall(project, 'format=xml'), 400, 'Unknown export format "xml": use jsonl or csv.');
    expectSchemaError(await exportCall(project, 'include_password_hashes=yes'), 'query.include_password_hashes');
  });
});

test('the OpenAPI document describes both: the file as the import body, the export in either format', async () => {
  const doc = (await callApi(t.url, 'GET', `${api}/openapi.json`)).json;
  const importing = doc.paths['/users/import'].post;
  expect(importing['x-authd-access']).toEqual(['admin']);
  expect(importing.requestBody.content).toEqual({ 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } });
  expect(importing.parameters.map((p: { name: string }) => p.name)).toContain('dry_run');
  const exporting = doc.paths['/users/export'].get;
  expect(Object.keys(exporting.responses['200'].content)).toEqual(['application/x-ndjson', 'text/csv']);
  expect(exporting.parameters.map((p: { name: string }) => p.name)).toEqual(['format', 'include_password_hashes']);
});
