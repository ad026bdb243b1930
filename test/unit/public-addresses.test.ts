// Which addresses a production webhook may reach: public unicast only, every other range refused
// in each of its written forms, and a name refused as a whole when any of its addresses is not
// public (a DNS answer can list a public address first and a private one second).
import { describe, expect, test } from 'bun:test';
import { isPublicAddress, NonPublicAddressError, resolvePublicAddresses } from '../../server/core/webhooks/public-addresses';

describe('isPublicAddress', () => {
  test('public IPv4 and global IPv6 unicast pass', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001:81c::200e',
      '[2606:4700::1]',
      '::ffff:8.8.8.8',
    ]) {
      expect(`${address} ${isPublicAddress(address)}`).toBe(`${address} true`);
    }
  });

  test('loopback, private, CGNAT, link-local, metadata, unique-local, mapped, NAT64, 6to4, Teredo, multicast and reserved do not', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.0.1',
      '100.127.255.255',
      '169.254.169.254',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      'fe80::1',
      'fe80::1%eth0',
      'fd00::1',
      'fc00::1',
      'fec0::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      '2001::1',
      '2001:db8::1',
      '100::1',
      'localhost',
      'example.com',
      '',
      '1.2.3',
      '256.1.1.1',
    ]) {
      expect(`${address} ${isPublicAddress(address)}`).toBe(`${address} false`);
    }
  });
});

describe('resolvePublicAddresses', () => {
  const answering =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  test('a name whose every address is public resolves to them all', async () => {
    expect(await resolvePublicAddresses('hooks.example', answering('93.184.216.34', '2606:4700::1'))).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1', family: 6 },
    ]);
  });

  test('one non-public address refuses the whole name; metadata names and literal addresses are refused without asking DNS', async () => {
    await expect(resolvePublicAddresses('hooks.example', answering('93.184.216.34', '10.0.0.5'))).rejects.toBeInstanceOf(
      NonPublicAddressError,
    );
    await expect(resolvePublicAddresses('hooks.example', answering())).rejects.toBeInstanceOf(NonPublicAddressError);
    const neverAsked = async () => {
      throw new Error('DNS was asked');
    };
    await expect(resolvePublicAddresses('metadata.google.internal.', neverAsked)).rejects.toBeInstanceOf(NonPublicAddressError);
    await expect(resolvePublicAddresses('[::ffff:a9fe:a9fe]', neverAsked)).rejects.toBeInstanceOf(NonPublicAddressError);
    expect(await resolvePublicAddresses('8.8.8.8', neverAsked)).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });
});
