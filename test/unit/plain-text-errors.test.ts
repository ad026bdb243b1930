// The named catalogue of Stack's plain-text errors: each name gives its status and exact text,
// rate limits carry Retry-After, and no code outside the catalogue picks a status itself.
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  PlainTextError,
  RateLimitedError,
  plainTextError,
  plainTextErrorStatuses,
} from '../../server/protocol/plain-text-errors';

describe('plain-text errors by name', () => {
  const cases = [
    { error: plainTextError('DUPLICATED_DOMAIN'), status: 400, text: 'Duplicated domain found' },
    {
      error: plainTextError('OAUTH_PROVIDER_MISSING_FROM_UPDATE', 'github'),
      status: 400,
      text: "Provider with id 'github' not found in the update",
    },
    { error: plainTextError('CONTACT_CHANNEL_NOT_FOUND_FOR_READ'), status: 404, text: 'Contact channel not found.' },
    { error: plainTextError('CONTACT_CHANNEL_NOT_FOUND_FOR_CHANGE'), status: 400, text: 'Contact channel not found' },
    { error: plainTextError('WEBHOOK_URL_TOO_LONG', 2048), status: 400, text: 'Webhook URLs may be at most 2048 characters long.' },
    { error: new RateLimitedError(30), status: 429, text: 'Too many attempts. Try again in 30 seconds.' },
    {
      error: new RateLimitedError(600, 'ACCOUNT_LOCKED_AFTER_FAILED_ATTEMPTS'),
      status: 429,
      text: 'Too many failed attempts for this account. Its owner has been emailed a link to unlock it.',
    },
  ];
  for (const { error, status, text } of cases) {
    test(`${error.errorName} → ${status} ${text}`, () => {
      expect(error).toBeInstanceOf(PlainTextError);
      expect(error.status).toBe(status);
      expect(error.message).toBe(text);
      expect(plainTextErrorStatuses[error.errorName]).toBe(status);
    });
  }

  test('rate limits carry how long to wait; other errors do not', () => {
    expect(new RateLimitedError(12).retryAfterSeconds).toBe(12);
    expect(plainTextError('DUPLICATED_DOMAIN').retryAfterSeconds).toBeUndefined();
  });

  test('every status in the catalogue is an HTTP error status', () => {
    for (const status of Object.values(plainTextErrorStatuses)) expect(status >= 400 && status < 600).toBe(true);
  });
});

describe('one error vocabulary', () => {
  const root = path.resolve(import.meta.dir, '../..');
  const sources: { file: string; text: string }[] = [];
  for (const folder of ['server', 'cmd']) {
    for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name));
      sources.push({ file, text: readFileSync(path.join(root, file), 'utf8') });
    }
  }

  test('the sources are read', () => {
    expect(sources.some(({ file }) => file === 'server/core/users/users.ts')).toBe(true);
  });

  test('no code raises an error with a raw HTTP status: errors are raised by name', () => {
    const offenders = sources
      .filter(({ file }) => file !== 'server/protocol/plain-text-errors.ts')
      .filter(({ text }) => /\bStatusError\b|new PlainTextError\(\s*['"`]?\w*['"`]?\s*,\s*\d/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
