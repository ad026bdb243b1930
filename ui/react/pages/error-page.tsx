// {handler}/error?errorCode=…&message=…&details=…: the parsed error in words for people, with
// its code on a small details line (codes such as REDIRECT_URL_NOT_WHITELISTED are for
// developers), two OAuth errors with their own text, or the unknown-error card.
import { useAuthRuntime } from '../auth-context';
import { CardText, MessageCard } from '../components/card';
import { bodyTextClass, detailsLineClass, labelClass, labelledValueClass } from '../components/styles';
import { currentSearchParameter } from '../navigation';

/** Errors a person can reach by following links, said for them; any other shows its own message. */
const messagesForPeople: Record<string, string> = {
  REDIRECT_URL_NOT_WHITELISTED:
    'The link you followed would have sent you on to a page this app does not trust, so you were stopped here. Go back to the app and sign in from there.',
  OAUTH_PROVIDER_ACCESS_DENIED:
    'The sign-in was cancelled at the provider, so nothing changed. You can try again or sign in another way.',
  OUTER_OAUTH_TIMEOUT: 'The sign-in took too long to finish. Please sign in again.',
};

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
        <span className={labelClass}>Error Message</span>
        <p className={bodyTextClass} style={{ textAlign: 'start' }} data-testid="error-message">
          {messagesForPeople[errorCode] ?? message}
        </p>
      </div>
      <p className={detailsLineClass} data-testid="error-details">
        Error Code: <span data-testid="error-code">{errorCode}</span>
      </p>
    </MessageCard>
  );
}
