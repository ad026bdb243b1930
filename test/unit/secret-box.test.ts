import { afterAll, expect, test } from 'bun:test';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openStorage, secretKeyFileName } from '../../db/connection';
import { openSecret, sealSecret } from '../../server/core/storage/secret-box';
import { makeTempDir } from '../support/instance';

const dataDir = makeTempDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('a sealed secret opens with the same key, and its text is not in the sealed form', () => {
  const storage = openStorage(dataDir);
  const sealed = sealSecret(storage, 'gho_provider-access-token');
  expect(sealed).not.toContain('gho_provider');
  expect(sealed).not.toBe(sealSecret(storage, 'gho_provider-access-token'));
  expect(openSecret(storage, sealed)).toBe('gho_provider-access-token');
  storage.close();
});

test('the key file is created once, private, and read back by the next opening', () => {
  const first = openStorage(dataDir);
  const second = openStorage(dataDir);
  expect(Buffer.from(second.secretKey).equals(Buffer.from(first.secretKey))).toBe(true);
  expect(statSync(join(dataDir, secretKeyFileName)).mode & 0o777).toBe(0o600);
  expect(Buffer.from(readFileSync(join(dataDir, secretKeyFileName), 'utf8'), 'base64').length).toBe(32);
  first.close();
  second.close();
});

test('a tampered sealed secret or another key is refused', () => {
  const storage = openStorage(dataDir);
  const sealed = sealSecret(storage, 'secret');
  const tampered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA');
  expect(() => openSecret(storage, tampered)).toThrow();
  expect(() => openSecret({ secretKey: new Uint8Array(32) }, sealed)).toThrow();
  expect(() => openSecret(storage, 'plain text')).toThrow('not a sealed secret');
  storage.close();
});
