// After a magic link is sent: 'Check your email', the six-character code the email carries
// (typed here instead of opening the link, e.g. on another device), and a resend after a
// countdown. The code signs in together with the nonce the send call returned (wire: lower-case
// code + nonce is the link's code).
import { useEffect, useState, type FormEvent } from 'react';
import { isKnownError, type SignInOutcome } from '../../client/index';
import { formProblemOf, focusFirstProblem, messageOf } from '../form-submit';
import { useAuthRuntime } from '../auth-context';
import { SubmitButton } from './form-parts';
import { useT, useAuthT } from '../i18n/messages-context';
import type { Translator } from '../i18n/translator';
import type { ScreensKey } from '../../../server/protocol/messages/screens/screens-en';
import type { AuthKey } from '../../../server/protocol/messages/auth/auth-en';
import { OneTimeCodeInput } from './one-time-code-input';
import type { MagicLinkSent } from './credential-forms';
import { formClass, linkClass, subtleTextClass, titleClass } from './styles';
import { codeStepClass, subtitleClass } from './code-step-styles';

/** Seconds before 'Resend code' may be used again. */
export const resendCountdownSeconds = 30;
const magicLinkCodeLength = 6;


/** What a refused code means for the person typing it. */
export function codeProblemMessage(error: unknown, authT: Translator<AuthKey>, t: Translator<ScreensKey>): string {
  if (isKnownError(error, 'USER_EMAIL_ALREADY_EXISTS')) return authT('auth.unverifiedAccount');
  if (isKnownError(error, 'VERIFICATION_CODE_EXPIRED')) return authT('code.expired');
  if (isKnownError(error, 'VERIFICATION_CODE_ALREADY_USED')) return authT('code.used');
  if (isKnownError(error, 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED')) return authT('code.tooManyWrong');
  if (isKnownError(error, 'VERIFICATION_CODE_NOT_FOUND')) return authT('code.wrong');
  return formProblemOf(error, t) ?? messageOf(error, t, authT);
}

function useCountdown(seconds: number, restartKey: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const timer = setInterval(() => setLeft((n) => (n > 0 ? n - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, [seconds, restartKey]);
  return left;
}

export function MagicLinkCodeStep(props: {
  sent: MagicLinkSent;
  /** The page's own heading (h1) when the step is the whole card, else a subheading under a form. */
  pageHeading?: boolean;
  onResend(): Promise<void>;
  onUseAnotherEmail(): void;
  onSignedIn(outcome: SignInOutcome): void | Promise<void>;
}) {
  const runtime = useAuthRuntime();
  const t = useT();
  const authT = useAuthT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sends, setSends] = useState(0);
  const secondsLeft = useCountdown(resendCountdownSeconds, sends);

  async function signIn(typed: string) {
    if (busy) return;
    if (typed.length !== magicLinkCodeLength) {
      setError(authT('code.enterSix'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await props.onSignedIn(await runtime.client.signInWithOtp(typed, props.sent.nonce));
    } catch (failure) {
      setError(codeProblemMessage(failure, authT, t));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setError(null);
    setNotice(null);
    try {
      await props.onResend();
      setSends((n) => n + 1);
      setCode('');
      setNotice(authT('code.newEmailSent'));
    } catch (failure) {
      setError(formProblemOf(failure, t) ?? messageOf(failure, t));
    }
  }

  useEffect(() => {
    if (error) focusFirstProblem(document.querySelector('[data-testid="magic-link-code-step"]'));
  }, [error]);

  return (
    <form
      className={props.pageHeading ? formClass : codeStepClass}
      noValidate
      data-testid="magic-link-code-step"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void signIn(code);
      }}
    >
      {props.pageHeading ? (
        <h1 className={titleClass}>{authT('code.checkEmail')}</h1>
      ) : (
        <h2 className={subtitleClass}>{authT('code.checkEmail')}</h2>
      )}
      <p className={subtleTextClass}>{authT.rich('code.sent', { email: <strong>{props.sent.email}</strong> })}</p>
      <OneTimeCodeInput
        label={authT('code.label')}
        name="magic-link-code"
        length={magicLinkCodeLength}
        characters="alphanumeric"
        value={code}
        onChange={setCode}
        onComplete={(full) => void signIn(full)}
        error={error}
        autoFocus
      />
      {notice && (
        <p role="status" className={subtleTextClass}>
          {notice}
        </p>
      )}
      <SubmitButton busy={busy}>{authT('code.submit')}</SubmitButton>
      <p className={subtleTextClass}>
        {secondsLeft > 0 ? (
          <span data-testid="resend-countdown">{authT('code.resendIn', { seconds: secondsLeft })}</span>
        ) : (
          <button type="button" className={linkClass} onClick={() => void resend()}>
            {authT('code.resend')}
          </button>
        )}
        {' · '}
        <button type="button" className={linkClass} onClick={props.onUseAnotherEmail}>
          {authT('code.otherEmail')}
        </button>
      </p>
    </form>
  );
}
