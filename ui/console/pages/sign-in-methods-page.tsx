// How people sign in to a project and what they may do themselves (PATCH /projects/current
// config), and its OAuth providers on authd's shared keys: each switch saves at once.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { OAuthProviderConfig, ProjectAdminView } from '../../../server/protocol/project-schemas';
import { oauthProviderIds, sharedOAuthProviderIds, type OAuthProviderId } from '../../../server/protocol/oauth-provider-ids';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { FailedState, LoadingState } from '../page-states';
import { checkboxRowClass, fieldsetClass, formRowClass, labelClass, mutedClass, pageTitleClass, secondaryButtonClass } from '../styles';
import { Section } from '../section';
import { OutcomeLine, useAction } from '../action';
import { SecretField, SelectField, TextField } from '../text-field';

const route = getRouteApi('/projects/$projectId/sign-in-methods');

type Config = ProjectAdminView['config'];
type Switch = { key: keyof Config & string; label: string; hint: string };

const methodSwitches: Switch[] = [
  { key: 'credential_enabled', label: 'Password', hint: 'Email and password.' },
  { key: 'magic_link_enabled', label: 'Magic link and one-time code', hint: 'A link and a code sent by email.' },
  { key: 'passkey_enabled', label: 'Passkeys', hint: 'Fingerprint, face or a security key.' },
  {
    key: 'password_strength_check_enabled',
    label: 'Password strength check',
    hint: 'Refuse breached, guessable or email-containing passwords.',
  },
];

const accountSwitches: Switch[] = [
  { key: 'sign_up_enabled', label: 'Sign-up', hint: 'New people can create an account; off, only existing users sign in.' },
  { key: 'client_team_creation_enabled', label: 'Users create teams', hint: 'Signed-in users can create their own teams.' },
  { key: 'create_team_on_sign_up', label: 'A personal team on sign-up', hint: 'Each new user gets a team of their own.' },
  { key: 'client_user_deletion_enabled', label: 'Users delete their account', hint: 'From account settings.' },
  {
    key: 'team_invitation_requires_matching_email',
    label: 'Invitations need the invited address',
    hint: 'Only an account with that verified email accepts.',
  },
];

export function SignInMethodsPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const project = useApiData(() => api.project<ProjectAdminView>(projectId, 'GET', '/projects/current'), [projectId]);
  // What the switches show while a change is saved: the saved value replaces it on reload.
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const action = useAction(project.reload);

  const save = async (config: Partial<Config>, shownChange: Record<string, boolean>, done: string): Promise<boolean> => {
    setShown((current) => ({ ...current, ...shownChange }));
    const saved = await action.run(async () => {
      await api.project(projectId, 'PATCH', '/projects/current', { config });
      return done;
    });
    if (saved) return true;
    setShown((current) => {
      const next = { ...current };
      for (const key of Object.keys(shownChange)) delete next[key];
      return next;
    });
    return false;
  };

  if (project.state === 'loading') return <LoadingState label="Loading the sign-in settings…" />;
  if (project.state === 'failed') return <FailedState what="The sign-in settings" error={project.error} onRetry={project.reload} />;
  const config = project.data.config;
  const switchRow = (item: Switch) => {
    const checked = shown[item.key] ?? config[item.key] === true;
    return (
      <label key={item.key} className={checkboxRowClass}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) =>
            void save({ [item.key]: event.target.checked }, { [item.key]: event.target.checked }, `${item.label} ${event.target.checked ? 'on' : 'off'}.`)
          }
        />
        <span>
          {item.label} <span className={mutedClass}>{item.hint}</span>
        </span>
      </label>
    );
  };
  const providers = config.oauth_providers;
  const providerShown = (id: string) => shown[`oauth:${id}`] ?? providers.some((p) => p.id === id && p.enabled);
  const toggleProvider = (id: string, enabled: boolean) => {
    const existing = providers.find((p) => p.id === id);
    // The API takes the whole list and keeps every provider it had, so one is switched in place.
    const list = existing ? providers.map((p) => (p.id === id ? { ...p, enabled } : p)) : [...providers, { id, enabled, type: 'shared' as const }];
    void save({ oauth_providers: list }, { [`oauth:${id}`]: enabled }, `${id} sign-in ${enabled ? 'on' : 'off'}.`);
  };

  return (
    <>
      <h1 className={pageTitleClass}>Sign-in methods</h1>
      <OutcomeLine outcome={action.outcome} />
      <Section id="methods-title" title="Ways to sign in">
        <div className={fieldsetClass}>{methodSwitches.map(switchRow)}</div>
      </Section>
      <Section id="oauth-title" title="OAuth providers">
        <p className={mutedClass}>
          Switched on here, a provider uses authd's shared keys (in development, its built-in mock provider) until you give it your own below.
        </p>
        <fieldset className={fieldsetClass}>
          <legend className={labelClass}>Sign in with</legend>
          {[...new Set([...sharedOAuthProviderIds, ...providers.map((p) => p.id)])].map((id) => {
            const configured = providers.find((p) => p.id === id);
            return (
              <label key={id} className={checkboxRowClass}>
                <input type="checkbox" checked={providerShown(id)} onChange={(event) => toggleProvider(id, event.target.checked)} />
                <span>
                  {id} <span className={mutedClass}>{configured?.type === 'standard' ? 'own keys' : 'shared keys'}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        <OwnKeysForm providers={providers} onSave={(list, done) => save({ oauth_providers: list }, {}, done)} />
      </Section>
      <Section id="accounts-title" title="Accounts and teams">
        <div className={fieldsetClass}>{accountSwitches.map(switchRow)}</div>
      </Section>
    </>
  );
}

/**
 * One provider's keys: authd's shared ones (where it has them) or the project's own client id and
 * secret. The secret is write-only here: the form never shows it, and an empty box keeps it.
 */
function OwnKeysForm(props: { providers: OAuthProviderConfig[]; onSave(list: OAuthProviderConfig[], done: string): Promise<boolean> }) {
  const [id, setId] = useState<string>(oauthProviderIds[0]);
  const stored = props.providers.find((provider) => provider.id === id);
  const canShare = sharedOAuthProviderIds.includes(id as OAuthProviderId);
  const [own, setOwn] = useState(stored?.type === 'standard' || !canShare);
  const [clientId, setClientId] = useState(stored?.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const choose = (next: string) => {
    const provider = props.providers.find((candidate) => candidate.id === next);
    setId(next);
    setOwn(provider?.type === 'standard' || !sharedOAuthProviderIds.includes(next as OAuthProviderId));
    setClientId(provider?.client_id ?? '');
    setSecret('');
  };
  const secretStored = stored?.type === 'standard' && Boolean(stored.client_secret);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const enabled = stored?.enabled ?? true;
    const changed: OAuthProviderConfig = own
      ? { id, enabled, type: 'standard', client_id: clientId.trim(), client_secret: secret || (secretStored ? stored.client_secret : '') }
      : { id, enabled, type: 'shared' };
    // The API takes the whole list; the others go back as they were.
    const list = stored ? props.providers.map((provider) => (provider.id === id ? changed : provider)) : [...props.providers, changed];
    setBusy(true);
    if (await props.onSave(list, own ? `${id} uses your own keys.` : `${id} uses authd's shared keys.`)) setSecret('');
    setBusy(false);
  };
  return (
    <form className={fieldsetClass} onSubmit={submit} aria-labelledby="own-keys-title" noValidate data-testid="own-keys-form">
      <h3 id="own-keys-title" className={labelClass}>
        Keys of a provider
      </h3>
      <div className={formRowClass}>
        <SelectField
          id="keys-provider"
          label="Provider"
          value={id}
          onChange={choose}
          options={oauthProviderIds.map((provider) => [provider, provider] as const)}
        />
        <SelectField
          id="keys-kind"
          label="Keys"
          value={own ? 'own' : 'shared'}
          onChange={(kind) => setOwn(kind === 'own')}
          options={
            canShare
              ? [
                  ['shared', "authd's shared keys"],
                  ['own', 'Your own keys'],
                ]
              : [['own', 'Your own keys']]
          }
        />
      </div>
      {own ? (
        <div className={formRowClass}>
          <TextField id="keys-client-id" label="Client id" value={clientId} spellCheck={false} autoComplete="off" onChange={setClientId} />
          <SecretField id="keys-client-secret" label="Client secret" stored={secretStored} value={secret} onChange={setSecret} />
        </div>
      ) : null}
      <div>
        <button type="submit" className={secondaryButtonClass} disabled={busy}>
          Save keys
        </button>
      </div>
    </form>
  );
}
