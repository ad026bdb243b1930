// The password baselines: how many argon2id verifications (sign-in's floor) or, with `hash` as
// the third argument, fresh hashes (sign-up's floor) per second this machine does with authd's
// parameters, `concurrency` at a time, for `seconds`. Prints one JSON line, with the process's
// CPU time per operation over the whole run (warm-up included), as bench/run.ts takes authd's.
//
// It counts exactly as the load generator counts requests: after a 500 ms warm-up, only the
// verifications started inside the window. Counting every completion instead would add the
// `concurrency` verifications still in flight when the window closes (32 over 3 s is +15 %
// here) and make the baseline look faster than the machine is.
import { hashPassword, verifyPassword } from '../server/core/credentials/password-hashing';

const concurrency = Number(process.argv[2] ?? 32);
const seconds = Number(process.argv[3] ?? 5);
const hashing = process.argv[4] === 'hash';
const hash = await hashPassword('benchmark password');
let counted = 0;
let completed = 0;
const cpuAtStart = process.cpuUsage();
const warmupEnd = performance.now() + 500;
const end = warmupEnd + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const started = performance.now();
      if (hashing) await hashPassword('benchmark password');
      else await verifyPassword('benchmark password', hash);
      completed++;
      if (started >= warmupEnd) counted++;
    }
  }),
);
const cpu = process.cpuUsage(cpuAtStart);
console.log(
  JSON.stringify({
    verificationsPerSecond: counted / seconds,
    cpuMillisPerOperation: (cpu.user + cpu.system) / 1000 / completed,
    operation: hashing ? 'hash' : 'verify',
  }),
);
