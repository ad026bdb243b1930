// One localhost rule (server/protocol/localhost-names.ts) for the server and the browser client.
// They used to keep one each: the client's missed `localhost.` and upper case, and took
// out-of-range 127 addresses; the rows marked `differed` are those cases, now answered alike on
// both sides.
import { afterEach, describe, expect, test } from 'bun:test';
import { findProductionModeProblems } from '../../server/core/projects/production-mode';
import { isLocalhostName } from '../../server/protocol/localhost-names';
import { shouldMarkSecure } from '../../ui/client/cookies';
import { isTrustedRedirect } from '../../ui/react/redirect-rules';

type HostnameRow = { hostname: string; localhost: boolean; differed?: true };
const rows =
  (localhost: boolean, differed?: true) =>
  (hostname: string): HostnameRow => ({ hostname, localhost, ...(differed && { differed }) });
const hostnames: HostnameRow[] = [
  ...['localhost', 'app.localhost', 'a.b.localhost', '127.0.0.1', '127.255.255.254', '[::1]'].map(rows(true)),
  ...['localhost.', 'app.localhost.', 'LOCALHOST', '127.0.0.1.'].map(rows(true, true)),
  ...['127.1000.0.1', '127.0.0.256'].map(rows(false, true)),
  ...['localhost.example.com', 'notlocalhost', 'localhostx', '128.0.0.1', '10.0.0.1', '0.0.0.0', '[::2]', 'example.com'].map(rows(false)),
];

describe('isLocalhostName', () => {
  test.each(hostnames)('$hostname → $localhost', ({ hostname, localhost }) => {
    expect(isLocalhostName(hostname)).toBe(localhost);
  });
});

describe('the client and the server answer alike where their rules differed', () => {
  // The client reads the page's own address from the global `location`.
  const realLocation = Object.getOwnPropertyDescriptor(globalThis, 'location');
  afterEach(() => {
    if (realLocation) Object.defineProperty(globalThis, 'location', realLocation);
    else delete (globalThis as { location?: unknown }).location;
  });

  // Hostnames the URL parser can produce (it rejects the out-of-range addresses outright).
  const parsable = hostnames.filter((row) => row.differed && URL.canParse(`http://${row.hostname}:3000/`));

  test.each(parsable)('$hostname', ({ hostname, localhost }) => {
    const url = new URL(`http://${hostname}:3000/after`);
    Object.defineProperty(globalThis, 'location', { value: url, configurable: true });
    // Client: plain-http localhost pages get cookies without Secure.
    expect(shouldMarkSecure()).toBe(!localhost);
    // Client: a project allowing localhost trusts it as a redirect target.
    const trust = { currentUrl: 'https://app.example.com/handler/sign-in', allowLocalhost: true };
    expect(isTrustedRedirect(url.href, trust)).toBe(localhost);
    // Server: production mode refuses a trusted domain on localhost.
    const problems = findProductionModeProblems({ id: 'p', allowLocalhost: false, domains: [{ domain: `https://${hostname}` }] });
    expect(problems.some((p) => p.message.includes('points at localhost'))).toBe(localhost);
  });

  test('the URL parser keeps the cases above apart', () => {
    expect(parsable.map((row) => new URL(`http://${row.hostname}/`).hostname)).toEqual([
      'localhost.',
      'app.localhost.',
      'localhost',
      '127.0.0.1',
    ]);
  });
});
