// The offline password check's figures for docs/features.md: the breached-password filter's size and
// measured false-positive rate (random strings that are in no list), and the cost of a whole
// check (filter lookups plus the zxcvbn-ts estimate) per sign-up. `bun bench/password-policy.ts`
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { checkPasswordStrength, isBreachedPassword } from '../server/core/credentials/password-policy';

const filterFile = join(import.meta.dir, '..', 'server', 'core', 'credentials', 'breached-passwords.bloom');
const samples = Number(process.env.BENCH_SAMPLES ?? 1_000_000);

// Random 12-character strings: none is a leaked password, so every hit is a false positive.
const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789#$%&*+=?';
const randomPassword = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => alphabet[b % alphabet.length]).join('');

isBreachedPassword('warm-up');
let falsePositives = 0;
const lookupStart = performance.now();
for (let i = 0; i < samples; i++) if (isBreachedPassword(randomPassword())) falsePositives++;
const lookupMicros = ((performance.now() - lookupStart) * 1000) / samples;

await checkPasswordStrength('warm up the estimator 1', { enabled: true, email: 'bench@example.com' });
const checks = 2_000;
const checkStart = performance.now();
for (let i = 0; i < checks; i++) {
  await checkPasswordStrength(`${randomPassword()} lantern`, { enabled: true, email: `bench${i}@example.com` });
}
const checkMillis = (performance.now() - checkStart) / checks;

console.log(`filter file: ${(statSync(filterFile).size / 1024 / 1024).toFixed(2)} MiB`);
console.log(`false positives: ${falsePositives} of ${samples.toLocaleString('en')} random passwords (${((falsePositives / samples) * 100).toFixed(4)} %), ${lookupMicros.toFixed(1)} µs per filter check`);
console.log(`whole check (filter, email, zxcvbn-ts) per sign-up: ${checkMillis.toFixed(2)} ms`);
