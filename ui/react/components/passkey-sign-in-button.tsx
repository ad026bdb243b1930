// 'Sign in with passkey' on the sign-in page, when the project has passkeys on and the browser can
// run the ceremony, and the same sign-in offered in the email field's autofill (conditional
// mediation) where the browser supports it. Cancelling the browser's passkey prompt is not an
// error worth a message.
import { useEffect, useRef, useState } from 'react';
import type { SignInOutcome } from '../../client/index';
import { isKnownError } from '../../client/errors';
import { useAuthRuntime } from '../auth-context';
import { formProblemOf, messageOf } from '../form-submit';
import { Spinner } from './form-parts';
import { errorTextClass, secondaryButtonClass } from './styles';
import { providerListClass } from './provider-button-styles';
import { useT, useAuthT } from '../i18n/messages-context';
import type { Translator } from '../i18n/translator';
import type { ScreensKey } from '../../../server/protocol/messages/screens/screens-en';
import type { AuthKey } from '../../../server/protocol/messages/auth/auth-en';

/**
 * The server's passkey challenge lives 65 s: a waiting autofill request is restarted with a fresh
 * one before that, so a passkey picked after a minute on the page still signs in.
 */
const autofillRestartMillis = 55_000;

/** A failed passkey sign-in in words (never the browser's own text), or null when cancelled. */
function messageOfPasskeyFailure(failure: unknown, authT: Translator<AuthKey>, t: Translator<ScreensKey>): string | null {
  if (failure instanceof DOMException) {
    if (failure.name === 'NotAllowedError' || failure.name === 'AbortError') return null;
    return authT('passkey.failed');
  }
  return isKnownError(failure, 'PASSKEY_AUTHENTICATION_FAILED')
    ? authT('passkey.unknown')
    : (formProblemOf(failure, t) ?? messageOf(failure, t, authT));
}

/**
 * Keeps a conditional passkey request waiting behind the email field's autofill while the page is
 * open: restarted before its challenge expires, stopped when any form on the page is submitted,
 * when the page goes away, and while the button's own (modal) request runs. Returns the pause.
 */
function usePasskeyAutofill(onSignedIn: (outcome: SignInOutcome) => Promise<void>, showError: (message: string) => void) {
  const runtime = useAuthRuntime();
  const t = useT();
  const authT = useAuthT();
  const pause = useRef<(paused: boolean) => void>(() => {});

  useEffect(() => {
    let stopped = false;
    let paused = false;
    let current: AbortController | null = null;

    async function waitForPasskey(): Promise<void> {
      while (!stopped && !paused) {
        const attempt = new AbortController();
        current = attempt;
        const restart = setTimeout(() => attempt.abort(), autofillRestartMillis);
        try {
          const outcome = await runtime.client.signInWithPasskey({ autofill: true, signal: attempt.signal });
          stopped = true;
          await onSignedIn(outcome);
        } catch (failure) {
          // Aborted by us (restart, pause, submit, leaving): the loop decides what comes next.
          if (attempt.signal.aborted) continue;
          const message = messageOfPasskeyFailure(failure, authT, t);
          if (message) showError(message);
          // The browser ended the request (no passkey for this site, a dismissed prompt) or the
          // call failed: asked again at the next restart, never in a tight loop.
          await new Promise((resolve) => attempt.signal.addEventListener('abort', resolve, { once: true }));
        } finally {
          clearTimeout(restart);
        }
      }
    }

    const stop = () => {
      stopped = true;
      current?.abort();
    };
    pause.current = (nowPaused) => {
      paused = nowPaused;
      if (nowPaused) current?.abort();
      else if (!stopped) void waitForPasskey();
    };
    // A password or magic-link submit takes over: the waiting request ends without a message.
    document.addEventListener('submit', stop, true);
    void runtime.client.passkeyAutofillSupported().then((supported) => {
      if (supported && !stopped) void waitForPasskey();
    });
    return () => {
      document.removeEventListener('submit', stop, true);
      stop();
    };
    // Started once per page: onSignedIn changes identity on every render of the page.
  }, [runtime.client]);

  return (paused: boolean) => pause.current(paused);
}

export function PasskeySignInButton(props: { onSignedIn: (outcome: SignInOutcome) => Promise<void> }) {
  const runtime = useAuthRuntime();
  const t = useT();
  const authT = useAuthT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSignedIn = useRef(props.onSignedIn);
  onSignedIn.current = props.onSignedIn;
  const pauseAutofill = usePasskeyAutofill((outcome) => onSignedIn.current(outcome), setError);
  if (!runtime.client.passkeysSupported()) return null;

  async function signIn() {
    setError(null);
    setBusy(true);
    // One WebAuthn request at a time: the waiting autofill one gives way to the button's.
    pauseAutofill(true);
    try {
      await props.onSignedIn(await runtime.client.signInWithPasskey());
    } catch (failure) {
      const message = messageOfPasskeyFailure(failure, authT, t);
      if (message) setError(message);
      pauseAutofill(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={providerListClass}>
      <button
        type="button"
        className={secondaryButtonClass}
        data-testid="passkey-sign-in"
        disabled={busy}
        onClick={() => void signIn()}
      >
        {busy ? <Spinner size={18} /> : null}
        <span>{authT('passkey.signIn')}</span>
      </button>
      {error && (
        <span role="alert" className={errorTextClass}>
          {error}
        </span>
      )}
    </div>
  );
}
