// {handler}/team-invitation?code=…: a signed-out visitor with a live
// code is asked to sign in and comes back to this very link; a signed-in one sees the team's name,
// the invited address and the account they are signed in with once the code checks out, then
// joins (or ignores it and goes home). When the account does not hold the invited address the page
// says so and the button asks to join anyway. Dead codes get their cards either way. Its own chunk
// in the hosted screens.
import { useRef, useState } from 'react';
import { useAuthRuntime } from '../auth-context';
import { Card, CardText, MessageCard, useDocumentTitle } from '../components/card';
import { formProblemClass, labelClass, labelledValueClass, subtleTextClass } from '../components/styles';
import { useUser } from '../hooks';
import { currentSearchParameter } from '../navigation';
import { useCallOncePerCode } from '../once-per-code';
import { withReturnTo } from '../redirect-rules';
import { invitationProblemCard, InvalidInvitationCard } from './invitation-cards';
import { usePagesT } from '../i18n/messages-context';

function CheckingCard() {
  const t = usePagesT();
  return (
    <Card title={t('invitation.title')} testId="team-invitation-checking">
      <p className={subtleTextClass} role="status" aria-busy="true">
        {t('invitation.checking')}
      </p>
    </Card>
  );
}

type JoinState = { status: 'idle' } | { status: 'joining' } | { status: 'joined' } | { status: 'failed'; error: unknown };

export function TeamInvitation() {
  const runtime = useAuthRuntime();
  const t = usePagesT();
  const cardTitle = t('invitation.title');
  const user = useUser();
  const code = currentSearchParameter('code');
  // Checked like Stack's page does: the code first (a clear card for dead links), then its team.
  const details = useCallOncePerCode(code && user ? `team-invitation:${user.id}:${code}` : null, async () => {
    await runtime.client.checkTeamInvitationCode(code!);
    return runtime.client.getTeamInvitationDetails(code!);
  });
  // Signed out, the code is checked too (that call needs no user): a dead link says so at once,
  // instead of after the visitor has gone through sign-in for nothing.
  const signedOutCheck = useCallOncePerCode(code && !user ? `team-invitation-check:${code}` : null, () =>
    runtime.client.checkTeamInvitationCode(code!),
  );
  const [join, setJoin] = useState<JoinState>({ status: 'idle' });
  // A double click must not spend the code twice (the second call would answer "already used").
  const joinStarted = useRef(false);
  const goHome = { label: t('nav.goHome'), onClick: () => runtime.navigate(runtime.urls.home) };

  // The tab and screen readers name the page, not the shell's default title.
  useDocumentTitle(cardTitle);

  if (!code) return <InvalidInvitationCard />;
  if (!user) {
    if (signedOutCheck.status === 'pending') return <CheckingCard />;
    if (signedOutCheck.status === 'failed') {
      const card = invitationProblemCard(signedOutCheck.error);
      if (!card) throw signedOutCheck.error;
      return card;
    }
    // Back to this page, code included, once signed in or signed up.
    const here = location.pathname + location.search;
    return (
      <MessageCard
        title={cardTitle}
        testId="team-invitation-signed-out"
        primary={{
          label: t('nav.goToSignIn'),
          onClick: () => runtime.navigate(withReturnTo(runtime.urls['sign-in'], here, location.href)),
        }}
        secondary={{ label: t('nav.cancel'), onClick: goHome.onClick }}
      >
        <CardText>{t('invitation.signInText')}</CardText>
      </MessageCard>
    );
  }
  if (details.status === 'pending') return <CheckingCard />;
  const failure = details.status === 'failed' ? details.error : join.status === 'failed' ? join.error : null;
  const recipientEmail = details.status === 'done' ? details.value.recipientEmail : '';
  if (failure !== null) {
    const card = invitationProblemCard(failure, recipientEmail);
    if (!card) throw failure;
    return card;
  }
  const teamName = details.status === 'done' ? details.value.teamDisplayName : '';
  if (join.status === 'joined') {
    return (
      <MessageCard title={cardTitle} testId="team-invitation-joined" primary={goHome}>
        <CardText>{t.rich('invitation.joined', { team: <strong>{teamName}</strong> })}</CardText>
      </MessageCard>
    );
  }
  const accept = async () => {
    if (joinStarted.current) return;
    joinStarted.current = true;
    setJoin({ status: 'joining' });
    try {
      await runtime.client.acceptTeamInvitation(code);
      // The user's team list changed; screens reading it (switcher, settings) see the new team.
      await runtime.reloadUser();
      setJoin({ status: 'joined' });
    } catch (error) {
      setJoin({ status: 'failed', error });
    }
  };
  const signedInAs = user.primaryEmail ?? user.displayName ?? t('invitation.noEmail');
  // Whoever opens a forwarded link could join in the invitee's place: joining from another
  // account takes an explicit 'Join anyway' after the warning.
  const otherAccount = details.status === 'done' && !details.value.recipientEmailIsUsers;
  const joinLabel = t(join.status === 'joining' ? 'invitation.joining' : otherAccount ? 'invitation.joinAnyway' : 'invitation.join');
  return (
    <MessageCard
      title={cardTitle}
      testId="team-invitation-details"
      primary={{ label: joinLabel, onClick: () => void accept() }}
      secondary={{ label: t('invitation.ignore'), onClick: goHome.onClick }}
    >
      <CardText>{t.rich('invitation.invited', { team: <strong>{teamName}</strong> })}</CardText>
      <dl className={labelledValueClass} style={{ margin: 0 }}>
        <dt className={labelClass}>{t('invitation.invitedAddress')}</dt>
        <dd style={{ margin: 0 }} data-testid="invited-address">
          {recipientEmail}
        </dd>
        <dt className={labelClass}>{t('invitation.signedInAs')}</dt>
        <dd style={{ margin: 0 }} data-testid="signed-in-as">
          {signedInAs}
        </dd>
      </dl>
      {otherAccount && (
        <p className={formProblemClass} role="alert" data-testid="invitation-other-account">
          {t('invitation.otherAccountWarning', { email: recipientEmail })}
        </p>
      )}
    </MessageCard>
  );
}
