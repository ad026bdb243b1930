// `bun bench/reset-timing.ts`: the strict form of the forgot-password timing check, so
// a timing difference cannot reveal which addresses have accounts: one round of many alternating known/unknown addresses (BENCH_TRIES, default 300
// each), printing both medians and their difference; exits 1 past 10 %. The test
// (test/security/reset-timing.test.ts) runs 30 tries, best of three rounds.
import { startTestInstance } from '../test/support/instance';
import { measureResetTimings } from '../test/support/reset-timing';
import { startSmtpReceiver } from '../test/support/smtp-receiver';

const tries = Number(process.env.BENCH_TRIES ?? 300);
// Production: a development instance delivers before answering, where timing is no secret.
const smtp = await startSmtpReceiver();
const t = await startTestInstance({ mode: 'production', settings: { trustProxy: true, smtpUrl: smtp.url } });
try {
  const timings = await measureResetTimings(t, tries, 30);
  console.log(`send-reset-code, ${tries} tries each, alternating:`);
  console.log(`  known address median   ${timings.knownMedianMillis.toFixed(3)} ms`);
  console.log(`  unknown address median ${timings.unknownMedianMillis.toFixed(3)} ms`);
  console.log(`  difference ${(timings.relativeDifference * 100).toFixed(1)} % (limit 10 %)`);
  process.exitCode = timings.relativeDifference <= 0.1 ? 0 : 1;
} finally {
  await t.stop();
  await smtp.stop();
}
