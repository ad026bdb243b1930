// Team page › invite form (with $invite_members): an email address gets an invitation whose link
// opens this handler's team-invitation page.
import { useState } from 'react';
import type { Team } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { EmailField } from '../components/form-fields';
import { showToast } from '../components/toasts';
import { useFormSubmit } from '../form-submit';
import { emailError } from '../form-validation';
import {
  compactPrimaryButtonClass,
  sectionClass,
  sectionTextClass,
  sectionTitleClass,
  successTextClass,
} from './settings-styles';
import { useTeamsT, useFormsT } from '../i18n/messages-context';

export function TeamInviteSection(props: { team: Team }) {
  const formsT = useFormsT();
  const teamsT = useTeamsT();
  const runtime = useAuthRuntime();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFormSubmit({
    validate: () => ({ email: email.trim() === '' ? teamsT('invite.emailRequired') : emailError(email, formsT) }),
    failureField: 'email',
    async send() {
      const recipient = email.trim();
      const invitationPage = new URL(runtime.urls['team-invitation'], location.href).toString();
      await runtime.client.sendTeamInvitation({ teamId: props.team.id, email: recipient, callbackUrl: invitationPage });
      setSentTo(recipient);
      setEmail('');
      showToast(teamsT('invite.sentToast', { email: recipient }), 'success');
    },
  });
  return (
    <form className={sectionClass} noValidate onSubmit={form.onSubmit} data-testid="team-invite-form">
      <div>
        <h3 className={sectionTitleClass}>{teamsT('invite.title')}</h3>
        <p className={sectionTextClass}>{teamsT('invite.text')}</p>
      </div>
      <EmailField value={email} onChange={setEmail} error={form.errors.email} disabled={form.busy} />
      <div>
        <button type="submit" className={compactPrimaryButtonClass} disabled={form.busy}>
          {teamsT('invite.submit')}
        </button>
      </div>
      {sentTo && (
        <p className={successTextClass} role="status">
          {teamsT('invite.sent', { email: sentTo })}
        </p>
      )}
    </form>
  );
}
