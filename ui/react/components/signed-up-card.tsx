// The card a new user lands on when the app gave no after-sign-up page of its own (the hosted
// screens of a project without a trusted domain): the app's name, the address to verify, a way on.
import { useAuthRuntime, useCurrentUserValue, useProjectValue } from '../auth-context';
import { CardText, MessageCard } from './card';
import { useT } from '../i18n/messages-context';

export function SignedUpCard() {
  const runtime = useAuthRuntime();
  const t = useT();
  const user = useCurrentUserValue();
  const appName = useProjectValue()?.displayName ?? t('signedUp.theApp');
  const email = user?.primaryEmail;
  return (
    <MessageCard
      title={t('signedUp.heading')}
      testId="signed-up"
      primary={{ label: t('signedUp.continue'), onClick: () => runtime.navigate(runtime.urls.home) }}
    >
      <CardText>{t('signedUp.text', { app: appName })}</CardText>
      {email && !user.primaryEmailVerified && (
        <CardText>{t.rich('signedUp.verify', { email: <strong>{email}</strong> })}</CardText>
      )}
    </MessageCard>
  );
}
