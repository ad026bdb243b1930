// The sign-in baseline: how many argon2id verifications per second this machine does with
// authd's parameters, `concurrency` at a time, for `seconds`. Prints one JSON line.
import { hashPassword, verifyPassword } from '../server/core/password-hashing';

const concurrency = Number(process.argv[2] ?? 32);
const seconds = Number(process.argv[3] ?? 5);
const hash = await hashPassword('benchmark password');
let done = 0;
const end = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      await verifyPassword('benchmark password', hash);
      done++;
    }
  }),
);
console.log(JSON.stringify({ verificationsPerSecond: done / seconds }));
