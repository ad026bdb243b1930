// The card a new user lands on when the app gave no after-sign-up page of its own (the hosted
// screens of a project without a trusted domain): the app's name, the address to verify, a way on.
import { useAuthRuntime, useCurrentUserValue, useProjectValue } from '../auth-context';
import { CardText, MessageCard } from './card';
import { useAuthT } from '../i18n/messages-context';

export function SignedUpCard() {
  const runtime = useAuthRuntime();
  const authT = useAuthT();
  const user = useCurrentUserValue();
  const appName = useProjectValue()?.displayName ?? authT('signedUp.theApp');
  const email = user?.primaryEmail;
  return (
    <MessageCard
      title={authT('signedUp.heading')}
      testId="signed-up"
      primary={{ label: authT('signedUp.continue'), onClick: () => runtime.navigate(runtime.urls.home) }}
    >
      <CardText>{authT('signedUp.text', { app: appName })}</CardText>
      {email && !user.primaryEmailVerified && (
        <CardText>{authT.rich('signedUp.verify', { email: <strong>{email}</strong> })}</CardText>
      )}
    </MessageCard>
  );
}
