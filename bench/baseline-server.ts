// The baselines: bare Bun handlers doing the least each authd call must do, with none of
// authd's layers. /key: one indexed SQLite row by key digest. /jwt: verify an ES256 JWT with
// jose against the project's public key and read one SQLite row (what GET /users/me needs).
// /sign: read one refresh-token row by the digest of the form's refresh_token and sign an ES256
// JWT with jose (what the refresh grant needs).
import { Database } from 'bun:sqlite';
import { createHash } from 'node:crypto';
import { generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';

const file = process.argv[2];
const projectId = process.argv[3];
if (!file || !projectId) throw new Error('usage: baseline-server DB_FILE PROJECT_ID');
const db = new Database(file, { readonly: true });
const findKeySet = db.prepare('SELECT id, project_id FROM api_key_sets WHERE publishable_client_key_hash = ?');
const findUser = db.prepare('SELECT id, display_name FROM users WHERE id = ?');
const findRefreshToken = db.prepare('SELECT user_id, expires_at FROM refresh_tokens WHERE project_id = ? AND token_hash = ?');
const keyRow = db.prepare('SELECT public_jwk FROM project_signing_keys WHERE project_id = ?').get(projectId) as {
  public_jwk: string;
} | null;
const publicKey = keyRow ? await importJWK(JSON.parse(keyRow.public_jwk) as JWK, 'ES256') : null;
// The project's private key is sealed with the instance key; signing with a fresh one costs the same.
const { privateKey: signingKey } = await generateKeyPair('ES256');
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === '/sign') {
      const refreshToken = new URLSearchParams(await request.text()).get('refresh_token') ?? '';
      const row = findRefreshToken.get(projectId, sha256Hex(refreshToken)) as { user_id: string; expires_at: number } | null;
      if (!row || row.expires_at <= Date.now()) return new Response('no', { status: 401 });
      const issuedAt = Math.floor(Date.now() / 1000);
      const accessToken = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: 'baseline' })
        .setSubject(row.user_id)
        .setAudience(projectId!)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 600)
        .sign(signingKey);
      return Response.json({ access_token: accessToken, token_type: 'Bearer' });
    }
    if (path === '/jwt' && publicKey) {
      const { payload } = await jwtVerify(request.headers.get('x-stack-access-token') ?? '', publicKey);
      return Response.json(findUser.get(payload.sub!));
    }
    const key = request.headers.get('x-stack-publishable-client-key') ?? '';
    const row = findKeySet.get(sha256Hex(key));
    return row ? Response.json(row) : new Response('no', { status: 401 });
  },
});
console.log(JSON.stringify({ url: `http://127.0.0.1:${server.port}` }));
