// The account settings' pure parts: the JPEG orientation reader and its five messages, the
// per-browser canvas limits, the crop geometry, and the TOTP set-up (base32 text, otpauth URL and
// codes checked against the otpauth package).
import { describe, expect, test } from 'bun:test';
import * as OTPAuth from 'otpauth';
import { canvasSideLimit, cropAt } from '../../ui/react/account-settings/image-export';
import { readJpegOrientation } from '../../ui/react/account-settings/jpeg-orientation';
import { base32Of, base64Of, isCurrentTotpCode, otpauthUrl, totpCodeAt } from '../../ui/react/account-settings/totp';
import { withExif } from '../browser/exif-jpeg';

// The smallest segment walk a reader must handle: SOI, an APP0 block, then start-of-scan.
const plainJpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46, 0xff, 0xda, 0x00, 0x02]);

describe('readJpegOrientation', () => {
  test('reads every orientation 1–8, in both byte orders', () => {
    for (let orientation = 1; orientation <= 8; orientation++) {
      expect(readJpegOrientation(withExif(plainJpeg, { orientation }))).toBe(orientation);
    }
    const little = withExif(plainJpeg, { orientation: 6 });
    // Rewrite the TIFF block little-endian: "II", then every multi-byte field reversed.
    const tiff = 4 + 6 + 2;
    const view = new DataView(little.buffer, little.byteOffset);
    little[tiff] = 0x49;
    little[tiff + 1] = 0x49;
    view.setUint16(tiff + 2, 42, true);
    view.setUint32(tiff + 4, 8, true);
    view.setUint16(tiff + 8, 1, true);
    view.setUint16(tiff + 10, 0x0112, true);
    view.setUint16(tiff + 12, 3, true);
    view.setUint32(tiff + 14, 1, true);
    view.setUint16(tiff + 18, 6, true);
    expect(readJpegOrientation(little)).toBe(6);
  });

  test('a JPEG without EXIF is upright', () => {
    expect(readJpegOrientation(plainJpeg)).toBe(1);
  });

  test('broken files fail with a message naming what is broken', () => {
    expect(() => readJpegOrientation(new TextEncoder().encode('not an image at all'))).toThrow('not a valid JPEG');
    expect(() => readJpegOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff]))).toThrow('not a valid JPEG');
    expect(() => readJpegOrientation(withExif(plainJpeg, { orientation: 6, byteOrder: 'XY' }))).toThrow(
      'TIFF header contains invalid endian',
    );
    expect(() => readJpegOrientation(withExif(plainJpeg, { orientation: 6, version: 43 }))).toThrow(
      'TIFF header contains invalid version',
    );
    expect(() => readJpegOrientation(withExif(plainJpeg, { orientation: 6, valueType: 4 }))).toThrow(
      'Orientation data type is invalid',
    );
    expect(() => readJpegOrientation(withExif(plainJpeg, { orientation: 6, count: 2 }))).toThrow(
      'Orientation data count is invalid',
    );
  });
});

describe('image limits and crop', () => {
  test('canvas side limits per browser', () => {
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';
    const safari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120 Mobile Safari/604.1';
    const ie = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko';
    expect([chrome, safari, firefox, iphone, ie].map(canvasSideLimit)).toEqual([16384, 16384, 11180, 4096, 8192]);
  });

  test('the crop square shrinks with zoom and stays inside the picture', () => {
    const picture = { width: 400, height: 200 };
    expect(cropAt(picture, 1, 200, 100)).toEqual({ side: 200, centerX: 200, centerY: 100 });
    expect(cropAt(picture, 4, 0, 0)).toEqual({ side: 50, centerX: 25, centerY: 25 });
    expect(cropAt(picture, 1, 1000, 1000)).toEqual({ side: 200, centerX: 300, centerY: 100 });
  });
});

describe('TOTP set-up', () => {
  const secret = new Uint8Array(Array.from({ length: 20 }, (_, i) => (i * 37 + 11) & 0xff));

  test('base32 and base64 of the secret, and the otpauth URL an app reads back', () => {
    const reference = new OTPAuth.Secret({ buffer: secret.slice().buffer });
    expect(base32Of(secret)).toBe(reference.base32);
    expect(base64Of(secret)).toBe(Buffer.from(secret).toString('base64'));
    const parsed = OTPAuth.URI.parse(otpauthUrl(secret, 'Demo Project', 'ada@example.com'));
    expect(parsed.issuer).toBe('Demo Project');
    expect(parsed.label).toBe('ada@example.com');
    expect(parsed.secret.base32).toBe(reference.base32);
  });

  test('codes equal the otpauth package at several times; the previous step is accepted, older ones not', async () => {
    const totp = new OTPAuth.TOTP({ secret: new OTPAuth.Secret({ buffer: secret.slice().buffer }), digits: 6, period: 30 });
    for (const time of [0, 59_000, 1_111_111_111_000, 1_800_000_000_000]) {
      expect(await totpCodeAt(secret, time)).toBe(totp.generate({ timestamp: time }));
    }
    const now = 1_800_000_000_000;
    expect(await isCurrentTotpCode(secret, totp.generate({ timestamp: now }), now)).toBe(true);
    expect(await isCurrentTotpCode(secret, totp.generate({ timestamp: now - 30_000 }), now)).toBe(true);
    expect(await isCurrentTotpCode(secret, totp.generate({ timestamp: now - 90_000 }), now)).toBe(false);
  });
});
