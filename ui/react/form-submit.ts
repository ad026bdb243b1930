// The submit step every screen form shares: the browser-side checks first (any message stops the
// submit), then the call with the form busy meanwhile. A refused call's message goes on one
// field; a rate limit or an unreachable server is the whole form's problem and is said so, in
// words for the person at the form. After a failed submit, focus moves to the first message.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { KnownAuthError, NetworkError, RateLimitedError, UnexpectedResponseError } from '../client/index';
import type { ScreensKey } from '../../server/protocol/messages/screens/screens-en';
import { useT } from './i18n/messages-context';
import type { Translator } from './i18n/translator';
import type { MessageParameters } from '../../server/protocol/messages/message-format';

type T = Translator<ScreensKey>;

/**
 * The message of a failed call, as the screens show it on a field: a known error that one of the
 * translators' catalogues words (knownErrorWords) in their language; else the error's own message
 * (the server's English).
 */
export function messageOf(error: unknown, ...translators: KnownErrorWords[]): string {
  return (error instanceof KnownAuthError && knownErrorWords(error.code, error.details, translators)) || (error instanceof Error ? error.message : String(error));
}

/**
 * A known error's words in the first of `translators` whose catalogue has them (`error.CODE`:
 * the screens' catalogue first, then the screen's own, such as the sign-in card's), or null. A ban
 * with an end is USER_BANNED_UNTIL, with the end as the locale writes a moment (the one known
 * error whose words carry a value).
 */
export function knownErrorWords(code: string, details: unknown, translators: KnownErrorWords[]): string | null {
  const until = (details as { banned_until_millis?: number } | undefined)?.banned_until_millis;
  const key = `error.${code}${until ? '_UNTIL' : ''}`;
  // The cast: has() just said this catalogue has the key.
  const t = translators.find((candidate) => candidate.has(key)) as ((key: string, parameters: MessageParameters) => string) & KnownErrorWords;
  return t ? t(key, { until: until ? new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(until) : '' }) : null;
}

/** What messageOf needs of a translator of any catalogue. */
export interface KnownErrorWords {
  (key: never, parameters?: MessageParameters): string;
  locale: string;
  has(key: string): boolean;
}

/** A wait as people say it: "40 seconds", "about 12 minutes", "about 2 hours" (units by Intl). */
export function waitInWords(seconds: number, t: T): string {
  const duration = (value: number, unit: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(t.locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  if (seconds < 90) return duration(Math.ceil(seconds), 'second');
  if (seconds < 90 * 60) return t('problem.about', { duration: duration(Math.round(seconds / 60), 'minute') });
  return t('problem.about', { duration: duration(Math.round(seconds / 3600), 'hour') });
}

/** A refused call whose message belongs on a field other than the form's `failureField`. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The form-wide message for a failure that is not about one field, or null when it is. */
export function formProblemOf(error: unknown, t: T): string | null {
  if (error instanceof RateLimitedError) {
    return error.retryAfterSeconds
      ? t('problem.tooManyWait', { wait: waitInWords(error.retryAfterSeconds, t) })
      : t('problem.tooMany');
  }
  if (error instanceof NetworkError) return t(error.offline ? 'problem.offline' : 'problem.unreachable');
  if (error instanceof UnexpectedResponseError) return t('problem.server');
  return null;
}

/** Moves focus to the first input marked invalid in `form`, else to its form-wide message. */
export function focusFirstProblem(form: HTMLElement | null): void {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-problem]');
  target?.focus();
}

export function useFormSubmit<Field extends string>(options: {
  /** Each field's message, null when it is fine. */
  validate(): Record<Field, string | null>;
  /** The call; a rejection shows its message on `failureField` (or form-wide, see formProblemOf). */
  send(): Promise<void>;
  failureField: NoInfer<Field>;
  /**
   * The form renders `formError` (<FormProblem>): rate-limit and network messages go there.
   * Otherwise they go, in the same words, on `failureField`.
   */
  formWideProblems?: boolean;
  /** The screen's own catalogue, for known errors worded there rather than in the screens' (messageOf). */
  errorWords?: KnownErrorWords;
}): {
  errors: Partial<Record<Field, string | null>>;
  /** A message about the whole form (rate limit, network), shown above its button. */
  formError: string | null;
  busy: boolean;
  onSubmit(event: FormEvent): void;
} {
  const t = useT();
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The fields whose current message came from the browser-side check.
  const [failedChecks, setFailedChecks] = useState<ReadonlySet<Field>>(new Set());
  const form = useRef<HTMLFormElement | null>(null);
  // Counts failed submits, so focus moves after each one (not on every render).
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (failures > 0) focusFirstProblem(form.current);
  }, [failures]);

  async function submit() {
    const found = options.validate();
    setErrors(found);
    setFormError(null);
    setFailedChecks(new Set((Object.keys(found) as Field[]).filter((field) => found[field])));
    if (Object.values(found).some(Boolean)) {
      setFailures((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await options.send();
    } catch (error) {
      const problem = formProblemOf(error, t);
      if (error instanceof FieldError) setErrors({ [error.field]: error.message } as Partial<Record<Field, string | null>>);
      else if (problem && options.formWideProblems) setFormError(problem);
      else if (problem) setErrors({ [options.failureField]: problem } as Partial<Record<Field, string | null>>);
      else setErrors({ [options.failureField]: messageOf(error, t, options.errorWords ?? t) } as Partial<Record<Field, string | null>>);
      setFailedChecks(new Set());
      setFailures((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  // A browser-side message goes away as soon as its field passes the check again (a filled-in
  // email no longer reads "Please enter your email"); it never appears before the next submit.
  // A server's message stays until the next submit.
  const current = failedChecks.size > 0 ? options.validate() : null;
  const shown = { ...errors };
  for (const field of failedChecks) if (current && !current[field]) shown[field] = null;

  return {
    errors: shown,
    formError,
    busy,
    onSubmit(event) {
      event.preventDefault();
      form.current = event.currentTarget as HTMLFormElement;
      void submit();
    },
  };
}
