// The baseline: a bare Bun handler doing the least an authenticated read can do here, one
// indexed SQLite row by key digest, with none of authd's layers.
import { Database } from 'bun:sqlite';
import { createHash } from 'node:crypto';

const file = process.argv[2];
if (!file) throw new Error('usage: baseline-server DB_FILE');
const db = new Database(file, { readonly: true });
const findKeySet = db.prepare('SELECT id, project_id FROM api_key_sets WHERE publishable_client_key_hash = ?');
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request) {
    const key = request.headers.get('x-stack-publishable-client-key') ?? '';
    const row = findKeySet.get(createHash('sha256').update(key).digest('hex'));
    return row ? Response.json(row) : new Response('no', { status: 401 });
  },
});
console.log(JSON.stringify({ url: `http://127.0.0.1:${server.port}` }));
