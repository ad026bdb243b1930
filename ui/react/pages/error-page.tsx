// {handler}/error?errorCode=…&message=…&details=…: the parsed error with its code
// and message, two OAuth errors with their own text, or the unknown-error card.
import { useAuthRuntime } from '../auth-context';
import { CardText, MessageCard } from '../components/card';
import { detailsBlockClass, labelClass, labelledValueClass } from '../components/styles';
import { currentSearchParameter } from '../navigation';

export function ErrorPage() {
  const runtime = useAuthRuntime();
  const goHome = () => runtime.navigate(runtime.urls.home);
  const errorCode = currentSearchParameter('errorCode');
  const message = currentSearchParameter('message');
  const details = currentSearchParameter('details');
  let parsedDetails: unknown;
  try {
    parsedDetails = details === null ? undefined : JSON.parse(details);
  } catch {
    parsedDetails = undefined;
  }

  if (!errorCode || message === null || parsedDetails === undefined) {
    return (
      <MessageCard title="An unknown error occurred" testId="unknown-error" primary={{ label: 'Go to home', onClick: goHome }}>
        <CardText>Please try again and if the problem persists, contact support.</CardText>
      </MessageCard>
    );
  }
  if (errorCode === 'OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER') {
    return (
      <MessageCard title="Failed to connect account" testId="known-error" primary={{ label: 'Go to Home', onClick: goHome }}>
        <CardText>This account is already connected to another user. Please connect a different account.</CardText>
      </MessageCard>
    );
  }
  if (errorCode === 'USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION') {
    return (
      <MessageCard title="Failed to sign in" testId="known-error" primary={{ label: 'Go to Home', onClick: goHome }}>
        <CardText>
          The user is already connected to another OAuth account. Did you maybe selected the wrong account on the OAuth provider
          page?
        </CardText>
      </MessageCard>
    );
  }
  return (
    <MessageCard title="An error occurred" testId="known-error" primary={{ label: 'Go to Home', onClick: goHome }}>
      <div className={labelledValueClass}>
        <span className={labelClass}>Error Code</span>
        <pre className={detailsBlockClass} data-testid="error-code">
          {errorCode}
        </pre>
      </div>
      <div className={labelledValueClass}>
        <span className={labelClass}>Error Message</span>
        <pre className={detailsBlockClass} data-testid="error-message">
          {message}
        </pre>
      </div>
    </MessageCard>
  );
}
