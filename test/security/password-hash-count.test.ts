// Sign-up's and sign-in's cost is their argon2id work, so each must do exactly one: a sign-up one
// hash of the new password, a sign-in one verification (against the user's hash, or against the
// dummy hash for an unknown email, which keeps the no-enumeration timing). Counted on the real
// Bun.password functions the core's password-hashing module calls, through a real server.
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { callApi, projectHeaders, startTestInstance, type TestInstance } from '../support/instance';

let t: TestInstance;
const hash = spyOn(Bun.password, 'hash');
const verify = spyOn(Bun.password, 'verify');

beforeAll(async () => {
  t = await startTestInstance({ settings: { rateLimitsDisabled: true } });
});
afterAll(async () => {
  await t.stop();
  hash.mockRestore();
  verify.mockRestore();
});
afterEach(() => {
  hash.mockClear();
  verify.mockClear();
});

function passwordCall(path: 'sign-up' | 'sign-in', email: string, password: string) {
  return callApi(t.url, 'POST', `/api/v1/auth/password/${path}`, {
    headers: projectHeaders(t.demo!, 'client'),
    body: { email, password },
  });
}

describe('argon2id work per password call', () => {
  test('a sign-up hashes the password exactly once and verifies nothing', async () => {
    for (const n of [1, 2, 3]) {
      hash.mockClear();
      verify.mockClear();
      const response = await passwordCall('sign-up', `count-${n}@example.com`, 'a long enough password');
      expect(response.status).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
      expect(verify).toHaveBeenCalledTimes(0);
    }
  });

  test('a sign-in verifies exactly once and hashes nothing, known email or not', async () => {
    expect((await passwordCall('sign-up', 'known@example.com', 'a long enough password')).status).toBe(200);
    // The first unknown email makes the dummy hash once per process; later ones only verify.
    expect((await passwordCall('sign-in', 'warm-up@example.com', 'a long enough password')).status).toBe(400);
    for (const [email, status] of [
      ['known@example.com', 200],
      ['unknown@example.com', 400],
    ] as const) {
      hash.mockClear();
      verify.mockClear();
      const response = await passwordCall('sign-in', email, 'a long enough password');
      expect(response.status).toBe(status);
      expect(hash).toHaveBeenCalledTimes(0);
      expect(verify).toHaveBeenCalledTimes(1);
    }
  });
});
