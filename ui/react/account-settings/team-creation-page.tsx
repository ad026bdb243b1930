// The 'Create a team' item: a required team name; the new team's page opens once it is made.
import { useState } from 'react';
import { useAuthRuntime } from '../auth-context';
import { TextField } from '../components/form-fields';
import { useFormSubmit } from '../form-submit';
import { useAccountSettings } from './account-settings-context';
import { compactPrimaryButtonClass, sectionClass, sectionTextClass } from './settings-styles';
import { useTeamsT } from '../i18n/messages-context';

export function TeamCreationPage() {
  const runtime = useAuthRuntime();
  const settings = useAccountSettings();
  const t = useTeamsT();
  const [name, setName] = useState('');
  const form = useFormSubmit({
    validate: () => ({ displayName: name.trim() === '' ? t('team.nameRequired') : null }),
    failureField: 'displayName',
    async send() {
      const team = await runtime.client.createTeam({ displayName: name.trim() });
      await settings.reloadTeams();
      settings.goTo(`teams/${team.id}`);
    },
  });
  return (
    <form className={sectionClass} noValidate onSubmit={form.onSubmit} data-testid="team-creation-form">
      <p className={sectionTextClass}>{t('create.text')}</p>
      <TextField
        label={t('create.name')}
        name="team-name"
        value={name}
        onChange={setName}
        error={form.errors.displayName}
        disabled={form.busy}
        autoFocus
      />
      <div>
        <button type="submit" className={compactPrimaryButtonClass} disabled={form.busy}>
          {t('create.submit')}
        </button>
      </div>
    </form>
  );
}
