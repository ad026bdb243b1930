// The card a new user lands on when the app gave no after-sign-up page of its own (the hosted
// screens of a project without a trusted domain): the app's name, the address to verify, a way on.
import { useAuthRuntime, useCurrentUserValue, useProjectValue } from '../auth-context';
import { CardText, MessageCard } from './card';

export function SignedUpCard() {
  const runtime = useAuthRuntime();
  const user = useCurrentUserValue();
  const appName = useProjectValue()?.displayName ?? 'the app';
  const email = user?.primaryEmail;
  return (
    <MessageCard
      title="Your account is ready"
      testId="signed-up"
      primary={{ label: 'Continue', onClick: () => runtime.navigate(runtime.urls.home) }}
    >
      <CardText>{`You signed up for ${appName}.`}</CardText>
      {email && !user.primaryEmailVerified && (
        <CardText>
          Check your email: we sent a link to <strong>{email}</strong> to verify your address.
        </CardText>
      )}
    </MessageCard>
  );
}
