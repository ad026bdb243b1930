// The client library as it ships to browsers: the generated known-error table matches the shared
// catalogue, every code has its class in the right family, and the minified bundle builds for the
// browser with no server or Node code in it (its gzipped size is printed for the README).
import { describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  generatedFamiliesPath,
  generatedTablePath,
  renderKnownErrorFamilies,
  renderKnownErrorTable,
} from '../../scripts/generate-client-known-errors';
import { knownError, knownErrorCatalogue, knownErrorCodes } from '../../server/protocol/known-errors';
import { isKnownError, KnownAuthError, KnownErrors } from '../../ui/client/index';
import { knownAuthErrorFromWire } from '../../ui/client/errors';
import { invalidTotpCodeMessage } from '../../ui/react/form-validation';
import { maximumPasswordLength, minimumPasswordLength } from '../../server/protocol/password-rules';
import { formatMessage } from '../../server/protocol/messages/message-format';
import { formsEn } from '../../server/protocol/messages/forms/forms-en';
import { screensEn } from '../../server/protocol/messages/screens/screens-en';
import { repoRoot } from '../support/instance';

describe('known errors', () => {
  test('the generated tables are up to date with server/protocol/known-errors.ts', () => {
    expect(readFileSync(generatedTablePath, 'utf8')).toBe(renderKnownErrorTable());
    expect(readFileSync(generatedFamiliesPath, 'utf8')).toBe(renderKnownErrorFamilies());
  });

  test('every concrete code rebuilt from its wire form is an instance of its class and of all its families', () => {
    for (const code of knownErrorCodes) {
      const entry = knownErrorCatalogue[code];
      if (entry.abstract) continue;
      const sampleArguments: Record<string, unknown[]> = {
        ALL_OVERLOADS_FAILED: [[]],
        INSUFFICIENT_ACCESS_TYPE: ['client', ['server']],
        ACCESS_TOKEN_EXPIRED: [],
        ADMIN_ACCESS_TOKEN_EXPIRED: [],
        USER_BANNED: [Date.UTC(2027, 0, 31)],
      };
      const wire = knownError(code as never, ...((sampleArguments[code] ?? ['x', 'y', 'z']) as never[])).toJSON();
      const rebuilt: KnownAuthError = knownAuthErrorFromWire(wire.code, wire.error, wire.details, entry.status);
      expect(rebuilt).toBeInstanceOf(KnownErrors[code]);
      expect(rebuilt.code as string).toBe(code);
      expect(rebuilt.status).toBe(entry.status);
      expect(rebuilt.message).toBe(wire.error);
      for (const family of entry.parents) {
        expect(rebuilt).toBeInstanceOf(KnownErrors[family as keyof typeof KnownErrors]);
        expect(isKnownError(rebuilt, family as never)).toBe(true);
      }
    }
  });

  test("the screens' browser-side messages are the server's", () => {
    const english = (key: keyof typeof formsEn | keyof typeof screensEn, parameters: Record<string, number>) =>
      formatMessage('en', { ...screensEn, ...formsEn }[key], parameters);
    expect(english('check.passwordTooShort', { min: minimumPasswordLength })).toBe(
      knownError('PASSWORD_TOO_SHORT', minimumPasswordLength).message,
    );
    expect(english('check.passwordTooLong', { max: maximumPasswordLength })).toBe(
      knownError('PASSWORD_TOO_LONG', maximumPasswordLength).message,
    );
    expect(english('error.EMAIL_PASSWORD_MISMATCH', {})).toBe(knownError('EMAIL_PASSWORD_MISMATCH').message);
    expect(invalidTotpCodeMessage).toBe(knownError('INVALID_TOTP_CODE').message);
  });

  test('an unknown code becomes UNSUPPORTED_ERROR carrying the original code', () => {
    const error = knownAuthErrorFromWire('SOMETHING_NEWER', 'Newer error', { a: 1 }, 418);
    expect(error).toBeInstanceOf(KnownErrors.UNSUPPORTED_ERROR);
    expect(error).toBeInstanceOf(KnownAuthError);
    expect(error.details).toEqual({ originalErrorCode: 'SOMETHING_NEWER', a: 1 });
    expect(error.status).toBe(418);
  });
});

describe('browser bundle', () => {
  test('an app that never names a KnownErrors class downloads neither the classes nor the root codes, and families still work', async () => {
    // Its own process: the classes register themselves when loaded, and this test file loads them.
    const dir = mkdtempSync(join(tmpdir(), 'authd-plain-errors-'));
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      [
        `import { isKnownError, KnownAuthError } from ${JSON.stringify(join(repoRoot, 'ui', 'client', 'index.ts'))};`,
        `import { knownAuthErrorFromWire } from ${JSON.stringify(join(repoRoot, 'ui', 'client', 'errors.ts'))};`,
        "const expired = knownAuthErrorFromWire('ACCESS_TOKEN_EXPIRED', 'Expired', { at: 1 }, 401);",
        "const newer = knownAuthErrorFromWire('SOMETHING_NEWER', 'Newer', undefined, 418);",
        'console.log(JSON.stringify({',
        '  plain: expired instanceof KnownAuthError && expired.constructor === KnownAuthError,',
        "  family: isKnownError(expired, 'INVALID_ACCESS_TOKEN') && isKnownError(expired, 'SESSION_AUTHENTICATION_ERROR'),",
        "  notOther: isKnownError(expired, 'REFRESH_TOKEN_ERROR'),",
        '  code: expired.code, status: expired.status, details: expired.details, newer: [newer.code, newer.status],',
        '}));',
      ].join('\n'),
    );
    try {
      const build = await Bun.build({ entrypoints: [entry], target: 'browser', minify: true });
      expect(build.success).toBe(true);
      const code = await build.outputs[0]!.text();
      // A root code no family lists, and the class table's shape, are absent.
      expect(code).not.toContain('EMAIL_PASSWORD_MISMATCH');
      expect(code).not.toContain('UNSUPPORTED_ERROR');
      const bundle = join(dir, 'bundle.js');
      writeFileSync(bundle, code);
      const run = Bun.spawnSync([process.execPath, bundle]);
      expect(JSON.parse(run.stdout.toString())).toEqual({
        plain: true,
        family: true,
        notOther: false,
        code: 'ACCESS_TOKEN_EXPIRED',
        status: 401,
        details: { at: 1 },
        newer: ['SOMETHING_NEWER', 418],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('builds for the browser, minified, without server or Node code', async () => {
    const build = await Bun.build({ entrypoints: [join(repoRoot, 'ui', 'client', 'index.ts')], target: 'browser', minify: true });
    expect(build.success).toBe(true);
    const code = await build.outputs[0]!.text();
    expect(code).not.toMatch(/from\s*["'](node:|bun:)/);
    expect(code).not.toContain('require(');
    // The catalogue's message builders stay on the server; the client keeps only the code table.
    expect(code).not.toContain('Wrong e-mail or password.');
    const gzipped = Bun.gzipSync(new TextEncoder().encode(code)).length;
    console.log(`ui/client bundle: ${code.length} bytes minified, ${gzipped} bytes gzipped`);
    // 10.5 KiB: built as one file, the calls that load on first use (sign-in, passkeys, team
    // management) come along with their loaders (about 0.6 KB gzipped more than when they were
    // plain methods); a splitting bundler leaves them out of the first load. 0.1 KiB more since
    // the families have a table of their own for apps that never name a class (the test above),
    // and 0.1 KiB more for the user's stored locale (read, and written by `update`).
    expect(gzipped).toBeLessThan(10.7 * 1024);
  });
});
