// {handler}/error?errorCode=…&message=…&details=…: the parsed error in words for people, with
// its code on a small details line (codes such as REDIRECT_URL_NOT_WHITELISTED are for
// developers), two OAuth errors with their own text, or the unknown-error card.
import { useAuthRuntime } from '../auth-context';
import { CardText, MessageCard } from '../components/card';
import { bodyTextClass, detailsLineClass, labelClass, labelledValueClass } from '../components/styles';
import { currentSearchParameter } from '../navigation';
import { useT, usePagesT } from '../i18n/messages-context';
import { knownErrorWords } from '../form-submit';

export function ErrorPage() {
  const runtime = useAuthRuntime();
  const t = usePagesT();
  const screensT = useT();
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
      <MessageCard title={screensT('unknownError.title')} testId="unknown-error" primary={{ label: screensT('card.goHome'), onClick: goHome }}>
        <CardText>{screensT('unknownError.text')}</CardText>
      </MessageCard>
    );
  }
  if (errorCode === 'OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER') {
    return (
      <MessageCard title={t('error.connectTitle')} testId="known-error" primary={{ label: t('nav.goHomeCapital'), onClick: goHome }}>
        <CardText>{t('error.connectText')}</CardText>
      </MessageCard>
    );
  }
  if (errorCode === 'USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION') {
    return (
      <MessageCard title={t('error.signInTitle')} testId="known-error" primary={{ label: t('nav.goHomeCapital'), onClick: goHome }}>
        <CardText>{t('error.signInText')}</CardText>
      </MessageCard>
    );
  }
  return (
    <MessageCard title={t('error.title')} testId="known-error" primary={{ label: t('nav.goHomeCapital'), onClick: goHome }}>
      <div className={labelledValueClass}>
        <span className={labelClass}>{t('error.messageLabel')}</span>
        <p className={bodyTextClass} style={{ textAlign: 'start' }} data-testid="error-message">
          {/* Errors a person can reach by following links are said for them (`error.CODE` in the
              catalogue); any other shows its own message. The code comes from the address, so
              only a code's shape may name a key (not `title`, another text of the page). */}
          {(/^[A-Z][A-Z_]*$/.test(errorCode) ? knownErrorWords(errorCode, parsedDetails, [t]) : null) ?? message}
        </p>
      </div>
      <p className={detailsLineClass} data-testid="error-details">
        {t.rich('error.codeLine', { code: <span data-testid="error-code">{errorCode}</span> })}
      </p>
    </MessageCard>
  );
}
