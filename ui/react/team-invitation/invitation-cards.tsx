// The team-invitation link's problem cards: invalid, expired and already used. Each has
// a way out ('Go to home'), so a dead link never leaves the visitor stuck on the card.
import { isKnownError } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { CardText, MessageCard } from '../components/card';

function useGoHome() {
  const runtime = useAuthRuntime();
  return { label: 'Go to home', onClick: () => runtime.navigate(runtime.urls.home) };
}

export function InvalidInvitationCard() {
  return (
    <MessageCard title="Invalid Team Invitation Link" testId="invalid-link" primary={useGoHome()}>
      <CardText>Please check if you have the correct link. If you continue to have issues, please contact support.</CardText>
    </MessageCard>
  );
}

export function ExpiredInvitationCard() {
  return (
    <MessageCard title="Expired Team Invitation Link" testId="expired-link" primary={useGoHome()}>
      <CardText>This invitation has expired. Ask a member of the team to invite you again.</CardText>
    </MessageCard>
  );
}

export function UsedInvitationCard() {
  return (
    <MessageCard title="Used Team Invitation Link" testId="used-link" primary={useGoHome()}>
      <CardText>This invitation has already been used. Ask a member of the team to invite you again if you still need to join.</CardText>
    </MessageCard>
  );
}

/** The project accepts invitations only from the invited address's account, and this is another. */
export function OtherAccountInvitationCard(props: { recipientEmail: string }) {
  return (
    <MessageCard title="Invitation for another account" testId="invitation-email-mismatch" primary={useGoHome()}>
      <CardText>
        This invitation was sent to <strong>{props.recipientEmail}</strong>. Only an account that has verified that address can
        accept it: sign in with it to join the team.
      </CardText>
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
