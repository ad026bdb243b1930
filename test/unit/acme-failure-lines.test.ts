// The one line a failed ACME order logs (server/providers/acme-client.ts): what the operator can
// act on first, then the CA's own words, for the failures Let's Encrypt reports most.
import { describe, expect, test } from 'bun:test';
import { describeAcmeFailure } from '../../server/providers/acme-client';

const directory = 'https://acme-v02.api.letsencrypt.org/directory';
const line = (error: unknown) => describeAcmeFailure(error, directory, ['auth.example.com']);

describe('a failed order is one readable line', () => {
  test.each([
    [
      'the CA refusing connections',
      Object.assign(new Error('Unable to connect. Is the computer able to access the url?'), { code: 'ConnectionRefused' }),
      /^cannot reach the ACME server at https:\/\/acme-v02\.api\.letsencrypt\.org\/directory \(ConnectionRefused\): /,
    ],
    [
      'the CA name not resolving',
      Object.assign(new Error('getaddrinfo ENOTFOUND acme-v02.api.letsencrypt.org'), { code: 'ENOTFOUND' }),
      /^cannot reach the ACME server at /,
    ],
    [
      'a rate limit (words)',
      new Error('too many certificates (5) already issued for this exact set of identifiers in the last 168h0m0s'),
      /^the ACME server rate-limited the order for auth\.example\.com: too many certificates/,
    ],
    ['a rate limit (type)', new Error('Error creating new order :: rateLimited'), /^the ACME server rate-limited the order/],
    [
      'DNS not pointing here',
      new Error('DNS problem: NXDOMAIN looking up A for auth.example.com - check that a DNS record exists for this domain'),
      /^DNS for auth\.example\.com does not point to this server, so the ACME server cannot validate it: DNS problem: NXDOMAIN/,
    ],
    [
      'port 80 refused',
      new Error('203.0.113.7: Fetching http://auth.example.com/.well-known/acme-challenge/abc: Connection refused'),
      /^the ACME server could not fetch the HTTP-01 challenge from auth\.example\.com \(does its DNS point to this server, and does port 80 reach authd\?\): 203\.0\.113\.7: Fetching/,
    ],
    [
      'port 80 filtered',
      new Error('203.0.113.7: Timeout during connect (likely firewall problem)'),
      /^the ACME server could not fetch the HTTP-01 challenge/,
    ],
    [
      'the connection lost mid-order',
      new TypeError("undefined is not an object (evaluating 'response.config')"),
      /^lost the connection to the ACME server at /,
    ],
    [
      'anything else, on one line',
      new Error('Order\nis not\tready'),
      /^the ACME order for auth\.example\.com failed: Order is not ready$/,
    ],
  ] as [string, unknown, RegExp][])('%s', (_name, error, expected) => {
    const text = line(error);
    expect(text).toMatch(expected);
    expect(text).not.toContain('\n');
  });
});
