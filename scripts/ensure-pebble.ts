// Makes sure Debian's pebble (an RFC 8555 test ACME server) and pebble-challtestsrv (its mock
// DNS) are installed for the automatic-HTTPS tests (test/cli/serve-https.test.ts).
import { ensureDebianPackage } from './debian-packages';

export const pebblePath = '/usr/bin/pebble';
export const challengeTestServerPath = '/usr/bin/pebble-challtestsrv';

export async function ensurePebble(): Promise<void> {
  await ensureDebianPackage('pebble', [pebblePath, challengeTestServerPath], 'the HTTPS tests');
}

if (import.meta.main) await ensurePebble();
