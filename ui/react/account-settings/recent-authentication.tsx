// Confirming it is you before a sensitive change (MFA off, passkey removal, new recovery codes):
// when the server answers RECENT_AUTHENTICATION_REQUIRED, the section shows this prompt in
// place (the password, an authenticator code or a passkey, whichever the user has), then runs
// the change again. Without any of them the user signs in again, which counts too. Inline rather
// than a modal, which keeps focus where it was; the form itself (reauthentication-prompt.tsx)
// loads only when first asked for.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { isKnownError } from '../../client/index';

const ReauthenticationPrompt = lazy(() =>
  import('./reauthentication-prompt').then((m) => ({ default: m.ReauthenticationPrompt })),
);

/**
 * `guard(change, onError)` runs a sensitive change; if the server wants a recent sign-in first,
 * `prompt` becomes the confirmation form, and the change runs again once it is given. Any other
 * failure, first time or retry, goes to `onError`.
 */
export function useRecentAuthentication(): {
  guard(change: () => Promise<void>, onError: (failure: unknown) => void): Promise<void>;
  prompt: ReactNode;
} {
  const [waiting, setWaiting] = useState<(() => Promise<void>) | null>(null);
  async function guard(change: () => Promise<void>, onError: (failure: unknown) => void) {
    try {
      await change();
    } catch (failure) {
      if (isKnownError(failure, 'RECENT_AUTHENTICATION_REQUIRED')) setWaiting(() => () => guard(change, onError));
      else onError(failure);
    }
  }
  const prompt = waiting && (
    <Suspense fallback={null}>
      <ReauthenticationPrompt
        onCancel={() => setWaiting(null)}
        onConfirmed={async () => {
          setWaiting(null);
          await waiting();
        }}
      />
    </Suspense>
  );
  return { guard, prompt };
}
