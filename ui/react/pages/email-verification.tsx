// {handler}/email-verification?code=…: verifies the address; a link already used
// counts as success, since the address is verified either way.
import { isKnownError } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { Card, CardText, MessageCard } from '../components/card';
import { InvalidLinkCard, verificationProblemCard, isWellFormedLinkCode } from '../components/status-cards';
import { currentSearchParameter } from '../navigation';
import { useCallOncePerCode } from '../once-per-code';
import { usePagesT } from '../i18n/messages-context';

export function EmailVerification() {
  const runtime = useAuthRuntime();
  const t = usePagesT();
  // A code that cannot be one is treated as no code: the invalid-link card.
  const given = currentSearchParameter('code');
  const code = isWellFormedLinkCode(given) ? given : null;
  const verification = useCallOncePerCode(code ? `verify:${code}` : null, () => runtime.client.verifyEmail(code!));

  if (!code) return <InvalidLinkCard kind="verification" />;
  if (verification.status === 'pending') return <Card title={t('verify.pending')} testId="email-verification-pending" />;
  const alreadyUsed = verification.status === 'failed' && isKnownError(verification.error, 'VERIFICATION_CODE_ALREADY_USED');
  if (verification.status === 'failed' && !alreadyUsed) {
    const card = verificationProblemCard(verification.error, 'verification');
    if (!card) throw verification.error;
    return card;
  }
  return (
    <MessageCard
      title={t('verify.doneTitle')}
      testId="email-verified"
      primary={{ label: t('nav.signIn'), onClick: () => runtime.navigate(runtime.urls['sign-in']) }}
    >
      <CardText>{t('verify.doneText')}</CardText>
    </MessageCard>
  );
}
