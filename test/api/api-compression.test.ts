// API answers compressed by Accept-Encoding against a real server: brotli, else gzip, else plain;
// the decoded bytes equal the plain answer, Content-Length matches what is sent, tiny bodies and
// HEAD answers stay plain, and every JSON answer says it varies by Accept-Encoding.
import { describe, expect, test } from 'bun:test';
import { brotliDecompressSync } from 'node:zlib';
import { minimumCompressedApiBytes } from '../../server/http/api-compression';
import { as } from '../support/api-expectations';
import type { TestInstance } from '../support/instance';
import { withInstance } from '../support/file-instance';

let t: TestInstance;

withInstance((started) => ({ t } = started));

/** The raw answer, not decoded by fetch, with the given Accept-Encoding. */
async function raw(path: string, acceptEncoding: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${t.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...as(t.demo!, 'admin'), ...init.headers, 'accept-encoding': acceptEncoding },
    decompress: false,
  } as RequestInit);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('API answers compressed by Accept-Encoding', () => {
  test('a large JSON answer: brotli, else gzip, else plain; the same JSON once decoded; exact Content-Length', async () => {
    const plain = await raw('/projects/current', 'identity');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.byteLength).toBeGreaterThan(minimumCompressedApiBytes);
    const text = new TextDecoder().decode(plain.bytes);
    expect(JSON.parse(text).id).toBe(t.demo!.projectId);
    expect(plain.response.headers.get('vary')).toContain('Accept-Encoding');

    const br = await raw('/projects/current', 'gzip, deflate, br');
    expect(br.response.headers.get('content-encoding')).toBe('br');
    expect(br.response.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(br.response.headers.get('content-length'))).toBe(br.bytes.byteLength);
    expect(br.bytes.byteLength).toBeLessThan(plain.bytes.byteLength * 0.7);
    expect(new TextDecoder().decode(brotliDecompressSync(br.bytes))).toBe(text);

    const gzip = await raw('/projects/current', 'gzip;q=1, br;q=0');
    expect(gzip.response.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gzip.response.headers.get('content-length'))).toBe(gzip.bytes.byteLength);
    expect(new TextDecoder().decode(Bun.gunzipSync(gzip.bytes))).toBe(text);

    // fetch's own decoding sees the plain JSON, as the SDK does.
    const decoded = await fetch(`${t.url}/api/v1/projects/current`, { headers: as(t.demo!, 'admin') });
    expect(await decoded.text()).toBe(text);
  });

  test('errors rewritten for the SDK (override-error-status) are compressed the same way when large', async () => {
    const answer = await raw('/users/not-a-user', 'br', { headers: { 'x-stack-override-error-status': 'true' } });
    expect(answer.response.status).toBe(200);
    expect(answer.response.headers.get('x-stack-actual-status')).not.toBeNull();
    const encoding = answer.response.headers.get('content-encoding');
    const body = encoding === 'br' ? brotliDecompressSync(answer.bytes) : answer.bytes;
    expect(JSON.parse(new TextDecoder().decode(body)).code).toBeString();
    // Small error bodies are not worth encoding.
    if (body.byteLength < minimumCompressedApiBytes) expect(encoding).toBeNull();
  });

  test('tiny bodies and HEAD answers go out plain', async () => {
    const tiny = await fetch(`${t.url}/api/v1/users/me`, {
      headers: { ...as(t.demo!, 'client'), 'accept-encoding': 'br' },
      decompress: false,
    } as RequestInit);
    const tinyBytes = new Uint8Array(await tiny.arrayBuffer());
    expect(tinyBytes.byteLength).toBeLessThan(minimumCompressedApiBytes);
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(new TextDecoder().decode(tinyBytes)).code).toBeString();

    const head = await raw('/projects/current', 'br', { method: 'HEAD' });
    expect(head.response.headers.get('content-encoding')).toBeNull();
    expect(head.bytes.byteLength).toBe(0);
  });
});
