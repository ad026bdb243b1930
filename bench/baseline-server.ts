// The baselines: bare Bun handlers doing the least each authd call must do, with none of
// authd's layers. /key: one indexed SQLite row by key digest. /jwt: verify an ES256 JWT with
// jose against the project's public key and read one SQLite row (what GET /users/me needs).
import { Database } from 'bun:sqlite';
import { createHash } from 'node:crypto';
import { importJWK, jwtVerify, type JWK } from 'jose';

const file = process.argv[2];
const projectId = process.argv[3];
if (!file || !projectId) throw new Error('usage: baseline-server DB_FILE PROJECT_ID');
const db = new Database(file, { readonly: true });
const findKeySet = db.prepare('SELECT id, project_id FROM api_key_sets WHERE publishable_client_key_hash = ?');
const findUser = db.prepare('SELECT id, display_name FROM users WHERE id = ?');
const keyRow = db.prepare('SELECT public_jwk FROM project_signing_keys WHERE project_id = ?').get(projectId) as { public_jwk: string } | null;
const publicKey = keyRow ? await importJWK(JSON.parse(keyRow.public_jwk) as JWK, 'ES256') : null;

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === '/jwt' && publicKey) {
      const { payload } = await jwtVerify(request.headers.get('x-stack-access-token') ?? '', publicKey);
      return Response.json(findUser.get(payload.sub!));
    }
    const key = request.headers.get('x-stack-publishable-client-key') ?? '';
    const row = findKeySet.get(createHash('sha256').update(key).digest('hex'));
    return row ? Response.json(row) : new Response('no', { status: 401 });
  },
});
console.log(JSON.stringify({ url: `http://127.0.0.1:${server.port}` }));
