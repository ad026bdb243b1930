// TOTP arithmetic of server/core/credentials/totp-codes.ts: RFC 6238's own SHA-1 test vectors, the one-step
// tolerance either side, replay refusal by time step, and the secret's validation.
import { describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import {
  acceptedTotpStep,
  decodeTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  totpCodeForStep,
  totpStepAt,
} from '../../server/core/credentials/totp-codes';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890".
const rfcSecret = new Uint8Array(Buffer.from('12345678901234567890', 'ascii'));
const rfcVectors: [seconds: number, eightDigits: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('RFC 6238 vectors', () => {
  for (const [seconds, eightDigits] of rfcVectors) {
    test(`T=${seconds}s gives ${eightDigits.slice(2)} (the 6-digit truncation of ${eightDigits})`, () => {
      const step = totpStepAt(seconds * 1000);
      expect(step).toBe(Math.floor(seconds / 30));
      expect(totpCodeForStep(rfcSecret, step)).toBe(eightDigits.slice(2));
      expect(acceptedTotpStep(rfcSecret, eightDigits.slice(2), seconds * 1000, null)).toBe(step);
    });
  }
});

describe('acceptedTotpStep', () => {
  const now = 1_700_000_012_345;
  const current = totpStepAt(now);
  const secret = new Uint8Array(randomBytes(20));

  test('the previous, current and next steps are accepted; two steps away is not', () => {
    for (const offset of [-1, 0, 1]) {
      expect(acceptedTotpStep(secret, totpCodeForStep(secret, current + offset), now, null)).toBe(current + offset);
    }
    for (const offset of [-2, 2]) {
      const code = totpCodeForStep(secret, current + offset);
      // A code of a far step that happens to equal a nearby one would be legitimately accepted.
      const nearby = [-1, 0, 1].map((o) => totpCodeForStep(secret, current + o));
      if (!nearby.includes(code)) expect(acceptedTotpStep(secret, code, now, null)).toBeNull();
    }
  });

  test('a code of the last used step, or of an earlier one, is a replay', () => {
    const code = totpCodeForStep(secret, current);
    expect(acceptedTotpStep(secret, code, now, current)).toBeNull();
    expect(acceptedTotpStep(secret, totpCodeForStep(secret, current - 1), now, current)).toBeNull();
    expect(acceptedTotpStep(secret, code, now, current - 1)).toBe(current);
    expect(acceptedTotpStep(secret, totpCodeForStep(secret, current + 1), now, current)).toBe(current + 1);
  });

  test('malformed entries are wrong codes; spaces inside are ignored', () => {
    const code = totpCodeForStep(secret, current);
    for (const entry of ['', '12345', '1234567', 'abcdef', `${code}0`, `-${code.slice(1)}`]) {
      expect(acceptedTotpStep(secret, entry, now, null)).toBeNull();
    }
    expect(acceptedTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(current);
  });

  test('another secret does not match', () => {
    const other = new Uint8Array(randomBytes(20));
    const code = totpCodeForStep(other, current);
    const ours = [-1, 0, 1].map((o) => totpCodeForStep(secret, current + o));
    if (!ours.includes(code)) expect(acceptedTotpStep(secret, code, now, null)).toBeNull();
  });
});

describe('TOTP secrets', () => {
  test('16 to 64 bytes of canonical standard base64 are accepted', () => {
    for (const size of [16, 20, 32, 64]) {
      const bytes = randomBytes(size);
      expect(Buffer.from(decodeTotpSecret(bytes.toString('base64')))).toEqual(bytes);
    }
  });

  test('too short, too long, unpadded, url-safe or empty values are refused with a clear message', () => {
    const twenty = randomBytes(20);
    const bad = [
      '',
      randomBytes(10).toString('base64'),
      randomBytes(65).toString('base64'),
      twenty.toString('base64').replace(/=+$/, ''),
      Buffer.from([0xfb, 0xff, ...randomBytes(19)]).toString('base64url'),
      'not base64 at all!',
    ];
    for (const value of bad) {
      expect(() => decodeTotpSecret(value)).toThrow('Invalid TOTP secret: totp_secret_base64 must be the standard base64');
    }
  });

  test('sealed at rest: the stored value does not contain the secret and opens to the same bytes', () => {
    const ctx = { secretKey: randomBytes(32) };
    const secret = randomBytes(20).toString('base64');
    const sealed = sealTotpSecret(ctx, secret);
    expect(sealed).not.toContain(secret);
    expect(Buffer.from(openTotpSecret(ctx, sealed)).toString('base64')).toBe(secret);
    expect(() => openTotpSecret({ secretKey: randomBytes(32) }, sealed)).toThrow();
  });
});
