// Which `after_auth_return_to` targets the screens follow (ui/react/redirect-rules.ts), and which
// page origins can hold passkeys: a table per rule, the rows an outside review drove by hand.
import { describe, expect, test } from 'bun:test';
import { isIpAddressHost } from '../../server/protocol/localhost-names';
import { isTrustedRedirect } from '../../ui/react/redirect-rules';

const trust = { currentUrl: 'https://app.example.com/handler/sign-in', trustedOrigins: ['https://docs.example.org'] };

describe('isTrustedRedirect', () => {
  test.each([
    ['/dashboard', true],
    ['/handler/account-settings?tab=1#top', true],
    ['?next=1', true],
    ['https://app.example.com/dashboard', true],
    ['https://docs.example.org/guide', true],
    // A user name before the host reads as another site to a person.
    ['https://evil.example.com@app.example.com/dashboard', false],
    ['https://user:secret@app.example.com/', false],
    // A path without its leading / is no page anyone returns to.
    ['evil.example.com@app.example.com', false],
    ['dashboard', false],
    ['//evil.example.com/steal', false],
    ['https://evil.example.com/steal', false],
    ['javascript:alert(1)', false],
    ['http://app.example.com/dashboard', false],
  ] as const)('%s → %p', (target, trusted) => {
    expect(isTrustedRedirect(target, trust)).toBe(trusted);
  });
});

describe('isIpAddressHost', () => {
  test.each([
    ['127.0.0.1', true],
    ['192.168.1.20', true],
    ['[::1]', true],
    ['[2001:db8::1]', true],
    ['localhost', false],
    ['app.localhost', false],
    ['auth.example.com', false],
    ['1.example.com', false],
  ] as const)('%s → %p', (hostname, ip) => {
    expect(isIpAddressHost(hostname)).toBe(ip);
  });
});
