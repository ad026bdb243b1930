// The team-invitation link's problem cards: invalid, expired and already used. Each has
// a way out ('Go to home'), so a dead link never leaves the visitor stuck on the card.
import { isKnownError } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { CardText, MessageCard } from '../components/card';
import { usePagesT } from '../i18n/messages-context';

function useGoHome() {
  const runtime = useAuthRuntime();
  const t = usePagesT();
  return { label: t('nav.goHome'), onClick: () => runtime.navigate(runtime.urls.home) };
}

export function InvalidInvitationCard() {
  const t = usePagesT();
  return (
    <MessageCard title={t('invitation.invalidTitle')} testId="invalid-link" primary={useGoHome()}>
      <CardText>{t('link.invalidText')}</CardText>
    </MessageCard>
  );
}

export function ExpiredInvitationCard() {
  const t = usePagesT();
  return (
    <MessageCard title={t('invitation.expiredTitle')} testId="expired-link" primary={useGoHome()}>
      <CardText>{t('invitation.expiredText')}</CardText>
    </MessageCard>
  );
}

export function UsedInvitationCard() {
  const t = usePagesT();
  return (
    <MessageCard title={t('invitation.usedTitle')} testId="used-link" primary={useGoHome()}>
      <CardText>{t('invitation.usedText')}</CardText>
    </MessageCard>
  );
}

/** The project accepts invitations only from the invited address's account, and this is another. */
export function OtherAccountInvitationCard(props: { recipientEmail: string }) {
  const t = usePagesT();
  return (
    <MessageCard title={t('invitation.otherAccountTitle')} testId="invitation-email-mismatch" primary={useGoHome()}>
      <CardText>{t.rich('invitation.otherAccountText', { email: <strong>{props.recipientEmail}</strong> })}</CardText>
    </MessageCard>
  );
}

/** The card for a verification error of an invitation code, or null when the error is not one. */
export function invitationProblemCard(error: unknown, recipientEmail = '') {
  if (isKnownError(error, 'TEAM_INVITATION_EMAIL_MISMATCH')) return <OtherAccountInvitationCard recipientEmail={recipientEmail} />;
  if (isKnownError(error, 'VERIFICATION_CODE_NOT_FOUND') || isKnownError(error, 'VERIFICATION_CODE_MAX_ATTEMPTS_REACHED'))
    return <InvalidInvitationCard />;
  if (isKnownError(error, 'VERIFICATION_CODE_EXPIRED')) return <ExpiredInvitationCard />;
  if (isKnownError(error, 'VERIFICATION_CODE_ALREADY_USED')) return <UsedInvitationCard />;
  return null;
}
