// Cards shared by several screens: already signed in, sign-up disabled, signed out, and the
// verification-link problems (invalid, expired, already used).
import { isKnownError } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { CardText, MessageCard } from './card';
import { useT, usePagesT } from '../i18n/messages-context';

export function AlreadySignedInCard() {
  const runtime = useAuthRuntime();
  const t = useT();
  return (
    <MessageCard
      title={t('card.alreadySignedIn')}
      testId="already-signed-in"
      primary={{ label: t('card.goHome'), onClick: () => runtime.navigate(runtime.urls.home) }}
      secondary={{ label: t('card.signOut'), onClick: () => runtime.navigate(runtime.urls['sign-out']) }}
    />
  );
}

export function SignUpDisabledCard() {
  const runtime = useAuthRuntime();
  const t = useT();
  return (
    <MessageCard
      title={t('card.signUpDisabled')}
      testId="sign-up-disabled"
      primary={{ label: t('card.goHome'), onClick: () => runtime.navigate(runtime.urls.home) }}
      secondary={{ label: t('card.signIn'), onClick: () => runtime.navigate(runtime.urls['sign-in']) }}
    />
  );
}

export function SignedOutCard() {
  const runtime = useAuthRuntime();
  const t = useT();
  return (
    <MessageCard
      title={t('card.signedOut')}
      testId="signed-out"
      primary={{ label: t('card.signIn'), onClick: () => runtime.navigate(runtime.urls['sign-in']) }}
    />
  );
}

/** Which link a verification problem is about, as the card titles name it. */
export type LinkKind = 'verification' | 'magic-link' | 'password-reset';

const invalidTitles = { verification: 'link.invalidVerification', 'magic-link': 'link.invalidMagicLink', 'password-reset': 'link.invalidPasswordReset' } as const;
const expiredTitles = { verification: 'link.expiredVerification', 'magic-link': 'link.expiredMagicLink', 'password-reset': 'link.expiredPasswordReset' } as const;
const expiredAdvice = {
  verification: 'link.expiredVerificationText',
  'magic-link': 'link.expiredMagicLinkText',
  'password-reset': 'link.expiredPasswordResetText',
} as const;

/**
 * Codes in emailed links are 45 characters of lower-case Crockford base32; anything else (a link
 * cut short by a mail client, a typo) cannot be a code, and gets the invalid-link card without
 * asking the server, which would only refuse its shape.
 */
export function isWellFormedLinkCode(code: string | null): code is string {
  return code !== null && /^[0-9a-hjkmnp-tv-z]{45}$/.test(code.toLowerCase());
}

/** Where a link-problem card leads: sign-in for the sign-in links, home for verification. */
function useWayOn(kind: LinkKind) {
  const runtime = useAuthRuntime();
  const t = usePagesT();
  return kind === 'verification'
    ? { label: t('nav.goHome'), onClick: () => runtime.navigate(runtime.urls.home) }
    : { label: t('nav.goToSignIn'), onClick: () => runtime.navigate(runtime.urls['sign-in']) };
}

export function InvalidLinkCard(props: { kind: LinkKind }) {
  const t = usePagesT();
  return (
    <MessageCard title={t(invalidTitles[props.kind])} testId="invalid-link" primary={useWayOn(props.kind)}>
      <CardText>{t('link.invalidText')}</CardText>
    </MessageCard>
  );
}

export function ExpiredLinkCard(props: { kind: LinkKind }) {
  const t = usePagesT();
  return (
    <MessageCard title={t(expiredTitles[props.kind])} testId="expired-link" primary={useWayOn(props.kind)}>
      <CardText>{t(expiredAdvice[props.kind])}</CardText>
    </MessageCard>
  );
}

export function UsedLinkCard(props: { kind: 'magic-link' | 'password-reset' }) {
  const runtime = useAuthRuntime();
  const t = usePagesT();
  const signIn = { label: t('nav.signIn'), onClick: () => runtime.navigate(runtime.urls['sign-in']) };
  if (props.kind === 'magic-link') {
    return (
      <MessageCard title={t('link.usedMagicLink')} testId="used-link" primary={signIn}>
        <CardText>{t('link.usedMagicLinkText')}</CardText>
      </MessageCard>
    );
  }
  return (
    <MessageCard title={t('link.usedPasswordReset')} testId="used-link" primary={signIn}>
      <CardText>{t('link.usedPasswordResetText')}</CardText>
    </MessageCard>
  );
}

/** The card for a verification error, or null when the error is not one (the caller rethrows). */
export function verificationProblemCard(error: unknown, kind: LinkKind) {
  if (isKnownError(error, 'VERIFICATION_CODE_NOT_FOUND') || isKnownError(error, 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED'))
    return <InvalidLinkCard kind={kind} />;
  if (isKnownError(error, 'VERIFICATION_CODE_EXPIRED')) return <ExpiredLinkCard kind={kind} />;
  if (isKnownError(error, 'VERIFICATION_CODE_ALREADY_USED') && kind !== 'verification') return <UsedLinkCard kind={kind} />;
  return null;
}
