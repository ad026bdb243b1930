// Timing of the forgot-password request for addresses with and without an account,
// shared by the abuse test (30 tries, robust form) and bench/reset-timing.ts (strict
// form, many tries). Known and unknown addresses alternate, after a warm-up, and each request
// comes from its own forwarded address and names a fresh email, so no rate limit is reached
// and no request is answered from a state the previous one left.
import type { TestInstance } from './instance';
import { makeProject, uniqueEmail, as, call } from './api-expectations';

const callbackUrl = 'http://localhost:3000/handler/password-reset';

export interface ResetTimings {
  knownMedianMillis: number;
  unknownMedianMillis: number;
  /** |known - unknown| / unknown. */
  relativeDifference: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** `t` must trust X-Forwarded-For (settings.trustProxy). */
export async function measureResetTimings(t: TestInstance, tries: number, warmUp = 10): Promise<ResetTimings> {
  const project = await makeProject(t, `Reset timing ${uniqueEmail('p')}`);
  const configured = await call(t, 'PATCH', '/projects/current', {
    headers: as(project, 'admin'),
    body: { config: { allow_localhost: true, credential_enabled: true } },
  });
  if (configured.status !== 200) throw new Error(`project setup failed: ${configured.text}`);
  const knownEmails: string[] = [];
  for (let i = 0; i < tries + warmUp; i++) {
    const email = uniqueEmail('known');
    const created = await call(t, 'POST', '/users', {
      headers: as(project, 'server'),
      body: { primary_email: email, primary_email_auth_enabled: true },
    });
    if (created.status !== 201) throw new Error(`user setup failed: ${created.text}`);
    knownEmails.push(email);
  }
  let forwarded = 0;
  const timeOne = async (email: string) => {
    forwarded++;
    const headers = { ...as(project, 'client'), 'x-forwarded-for': `10.${(forwarded >> 16) & 255}.${(forwarded >> 8) & 255}.${forwarded & 255}` };
    const started = performance.now();
    const res = await call(t, 'POST', '/auth/password/send-reset-code', { headers, body: { email, callback_url: callbackUrl } });
    const millis = performance.now() - started;
    if (res.status !== 200) throw new Error(`send-reset-code answered ${res.status}: ${res.text}`);
    return millis;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < tries + warmUp; i++) {
    // Alternate which goes first, so neither always follows the other.
    const pair = i % 2 === 0
      ? [await timeOne(knownEmails[i]!), await timeOne(uniqueEmail('unknown'))]
      : [await timeOne(uniqueEmail('unknown')), await timeOne(knownEmails[i]!)].reverse();
    if (i < warmUp) continue;
    known.push(pair[0]!);
    unknown.push(pair[1]!);
  }
  const knownMedianMillis = median(known);
  const unknownMedianMillis = median(unknown);
  return {
    knownMedianMillis,
    unknownMedianMillis,
    relativeDifference: Math.abs(knownMedianMillis - unknownMedianMillis) / unknownMedianMillis,
  };
}
