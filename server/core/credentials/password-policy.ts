// Refusing guessable passwords, offline: a Bloom filter of passwords from public breach lists
// (breached-passwords.bloom, made by scripts/build-password-filter.ts), a strength estimate
// (zxcvbn-ts with its common dictionaries) and the user's own email in the password. Checked on
// sign-up, reset, change and server-set passwords, before any hashing or write; a project can
// turn it off (`password_strength_check_enabled`), the length rules stay.
import { readFileSync } from 'node:fs';
import { knownError } from '../../protocol/known-errors';
import { loadVendorModule } from '../../vendor/load-vendor';
import { bloomFilterMayContain, decodeBloomFilter, type BloomFilter } from './bloom-filter';
import filterPath from './breached-passwords.bloom' with { type: 'file' };

export const breachedPasswordMessage =
  'This password appears in lists of leaked passwords. Please choose a password that is harder to guess.';
export const emailInPasswordMessage = 'Your password must not contain your email address. Please choose another password.';
export const weakPasswordMessage = 'This password is too easy to guess. Add more words or characters that are not in a common pattern.';

let breachedPasswords: BloomFilter | undefined;
/**
 * True when zxcvbn scores the password below 2 of its 0–4: scores 0 and 1 fall to an online
 * guessing attack of a million tries.
 */
type Estimator = (password: string, userInputs: string[]) => boolean;
let estimator: Estimator | undefined;

// Loaded at the first check, not at start: serve does not pay for them until a password is set.
function breachedFilter(): BloomFilter {
  breachedPasswords ??= decodeBloomFilter(new Uint8Array(readFileSync(filterPath)));
  return breachedPasswords;
}

async function strengthEstimator(): Promise<Estimator> {
  if (!estimator) {
    const { ZxcvbnFactory, dictionary, adjacencyGraphs, speedUpZxcvbn, scoresBelowTwo } = await loadVendorModule('zxcvbn');
    const factory = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
    speedUpZxcvbn(factory);
    estimator = (password, userInputs) => scoresBelowTwo(factory, password, userInputs);
  }
  return estimator;
}

const leetReadings: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

/**
 * The forms a password is looked up under: as typed in lower case, without the digits and
 * symbols people tack on at the end ("monkey2024!"), and read back from leetspeak ("p@55w0rd").
 */
export function breachLookupForms(password: string): string[] {
  const lower = password.toLowerCase();
  const forms = new Set([lower]);
  const stem = lower.replace(/[\d\W_]+$/, '');
  if (stem.length >= 4) forms.add(stem);
  for (const form of [...forms]) forms.add(form.replace(/[013457@$!]/g, (c) => leetReadings[c]!));
  return [...forms];
}

export function isBreachedPassword(password: string): boolean {
  const filter = breachedFilter();
  return breachLookupForms(password).some((form) => bloomFilterMayContain(filter, form));
}

/** The email, or its part before the @ when long enough to mean something, inside the password. */
export function passwordContainsEmail(password: string, email: string | null | undefined): boolean {
  if (!email) return false;
  const lower = password.toLowerCase();
  const address = email.toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  return lower.includes(address) || (localPart.length >= 4 && lower.includes(localPart));
}

/** The email part of the check on its own: synchronous, for use inside a transaction. */
export function checkPasswordAvoidsEmail(password: string, email: string | null | undefined): void {
  if (passwordContainsEmail(password, email)) throw knownError('PASSWORD_REQUIREMENTS_NOT_MET', emailInPasswordMessage);
}

/**
 * Throws PASSWORD_REQUIREMENTS_NOT_MET with the reason when the password is breached, contains
 * the email, or is too easy to guess. `enabled` is the project's setting.
 */
export async function checkPasswordStrength(password: string, options: { enabled: boolean; email?: string | null }): Promise<void> {
  if (!options.enabled) return;
  checkPasswordAvoidsEmail(password, options.email);
  if (isBreachedPassword(password)) throw knownError('PASSWORD_REQUIREMENTS_NOT_MET', breachedPasswordMessage);
  const userInputs = options.email ? [options.email, ...options.email.split(/[@.+_-]/)] : [];
  if ((await strengthEstimator())(password, userInputs)) {
    throw knownError('PASSWORD_REQUIREMENTS_NOT_MET', weakPasswordMessage);
  }
}
