// Rebuilds server/core/credentials/breached-passwords.bloom from password lists (one password per line,
// plain or .gz): `bun scripts/build-password-filter.ts LIST...`. Each password is stored in lower
// case, as the check looks it up (server/core/credentials/password-policy.ts); shorter than 4 characters
// is left out (the stems the check derives are at least 4). The lists used for the shipped file
// and how to get them are in docs/features.md (Passwords).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { addToBloomFilter, emptyBloomFilter, encodeBloomFilter } from '../server/core/credentials/bloom-filter';

// Each check looks up to four forms of the password (password-policy.ts), and a false positive
// tells someone their fresh password was leaked: so the rate per lookup is kept very low.
const falsePositiveRate = 0.00001;
const output = join(import.meta.dir, '..', 'server', 'core', 'credentials', 'breached-passwords.bloom');

const lists = process.argv.slice(2);
if (lists.length === 0) {
  console.error('usage: bun scripts/build-password-filter.ts LIST [LIST...]  (text files, one password per line; .gz allowed)');
  process.exit(2);
}
const passwords = new Set<string>();
for (const list of lists) {
  const raw = readFileSync(list);
  const text = (list.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  for (const line of text.split(/\r?\n/)) {
    const password = line.trim().toLowerCase();
    if (password.length >= 4) passwords.add(password);
  }
}
const filter = emptyBloomFilter(passwords.size, falsePositiveRate);
for (const password of passwords) addToBloomFilter(filter, password);
const encoded = encodeBloomFilter(filter);
writeFileSync(output, encoded);
console.log(
  `${passwords.size.toLocaleString('en')} passwords, ${filter.probeCount} probes, ${(encoded.length / 1024 / 1024).toFixed(2)} MiB → ${output}`,
);
