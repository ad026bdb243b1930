// How people sign in to a project and what they may do themselves (PATCH /projects/current
// config), and its OAuth providers on authd's shared keys: each switch saves at once.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { OAuthProviderConfig, ProjectAdminView } from '../../../server/protocol/project-schemas';
import { oauthProviderIds, sharedOAuthProviderIds, type OAuthProviderId } from '../../../server/protocol/oauth-provider-ids';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { useConsoleT } from '../console-messages';
import type { ConsoleKey } from '../../../server/protocol/messages/console/console-en';
import { FailedState, LoadingState } from '../page-states';
import { checkboxRowClass, fieldsetClass, formRowClass, labelClass, mutedClass, pageTitleClass, secondaryButtonClass } from '../styles';
import { Section } from '../section';
import { OutcomeLine, useAction } from '../action';
import { SecretField, SelectField, TextField } from '../text-field';

const route = getRouteApi('/projects/$projectId/sign-in-methods');

type Config = ProjectAdminView['config'];
/** A switch's words are `methods.<name>` and `methods.<name>Hint`. */
type Switch = { key: keyof Config & string; name: string };

const methodSwitches: Switch[] = [
  { key: 'credential_enabled', name: 'password' },
  { key: 'magic_link_enabled', name: 'magicLink' },
  { key: 'passkey_enabled', name: 'passkeys' },
  { key: 'password_strength_check_enabled', name: 'strength' },
];

const accountSwitches: Switch[] = [
  { key: 'sign_up_enabled', name: 'signUp' },
  { key: 'client_team_creation_enabled', name: 'teamCreation' },
  { key: 'create_team_on_sign_up', name: 'personalTeam' },
  { key: 'client_user_deletion_enabled', name: 'userDeletion' },
  { key: 'team_invitation_requires_matching_email', name: 'matchingEmail' },
];

export function SignInMethodsPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const project = useApiData(() => api.project<ProjectAdminView>(projectId, 'GET', '/projects/current'), [projectId]);
  // What the switches show while a change is saved: the saved value replaces it on reload.
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const action = useAction(project.reload);
  const t = useConsoleT();

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

  if (project.state === 'loading') return <LoadingState label={t('methods.loading')} />;
  if (project.state === 'failed') return <FailedState what={t('methods.failed')} error={project.error} onRetry={project.reload} />;
  const config = project.data.config;
  const switchRow = (item: Switch) => {
    const checked = shown[item.key] ?? config[item.key] === true;
    const label = t(`methods.${item.name}` as ConsoleKey);
    return (
      <label key={item.key} className={checkboxRowClass}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) =>
            void save(
              { [item.key]: event.target.checked },
              { [item.key]: event.target.checked },
              t(event.target.checked ? 'methods.switchedOn' : 'methods.switchedOff', { what: label }),
            )
          }
        />
        <span>
          {label} <span className={mutedClass}>{t(`methods.${item.name}Hint` as ConsoleKey)}</span>
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
    void save({ oauth_providers: list }, { [`oauth:${id}`]: enabled }, t(enabled ? 'methods.providerOn' : 'methods.providerOff', { provider: id }));
  };

  return (
    <>
      <h1 className={pageTitleClass}>{t('nav.signInMethods')}</h1>
      <OutcomeLine outcome={action.outcome} />
      <Section id="methods-title" title={t('methods.ways')}>
        <div className={fieldsetClass}>{methodSwitches.map(switchRow)}</div>
      </Section>
      <Section id="oauth-title" title={t('methods.oauth')}>
        <p className={mutedClass}>{t('methods.oauthIntro')}</p>
        <fieldset className={fieldsetClass}>
          <legend className={labelClass}>{t('methods.signInWith')}</legend>
          {[...new Set([...sharedOAuthProviderIds, ...providers.map((p) => p.id)])].map((id) => {
            const configured = providers.find((p) => p.id === id);
            return (
              <label key={id} className={checkboxRowClass}>
                <input type="checkbox" checked={providerShown(id)} onChange={(event) => toggleProvider(id, event.target.checked)} />
                <span>
                  {id} <span className={mutedClass}>{configured?.type === 'standard' ? t('methods.ownKeysShort') : t('methods.sharedKeysShort')}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        <OwnKeysForm providers={providers} onSave={(list, done) => save({ oauth_providers: list }, {}, done)} />
      </Section>
      <Section id="accounts-title" title={t('methods.accounts')}>
        <div className={fieldsetClass}>{accountSwitches.map(switchRow)}</div>
      </Section>
    </>
  );
}

/** The one option a provider's own keys may carry, and its words. */
const providerOptions: Partial<Record<string, { field: 'facebook_config_id' | 'microsoft_tenant_id'; label: ConsoleKey }>> = {
  facebook: { field: 'facebook_config_id', label: 'methods.facebookConfigId' },
  microsoft: { field: 'microsoft_tenant_id', label: 'methods.microsoftTenantId' },
};

/**
 * One provider's keys: authd's shared ones (where it has them) or the project's own client id and
 * secret (and its option, an empty box leaving none). The secret is write-only here: the form never
 * shows it, and an empty box keeps it.
 */
function OwnKeysForm(props: { providers: OAuthProviderConfig[]; onSave(list: OAuthProviderConfig[], done: string): Promise<boolean> }) {
  const [id, setId] = useState<string>(oauthProviderIds[0]);
  const stored = props.providers.find((provider) => provider.id === id);
  const canShare = sharedOAuthProviderIds.includes(id as OAuthProviderId);
  const [own, setOwn] = useState(stored?.type === 'standard' || !canShare);
  const [clientId, setClientId] = useState(stored?.client_id ?? '');
  const [secret, setSecret] = useState('');
  const option = providerOptions[id];
  const [optionValue, setOptionValue] = useState((option && stored?.[option.field]) ?? '');
  const [busy, setBusy] = useState(false);
  const t = useConsoleT();
  const choose = (next: string) => {
    const provider = props.providers.find((candidate) => candidate.id === next);
    setId(next);
    setOwn(provider?.type === 'standard' || !sharedOAuthProviderIds.includes(next as OAuthProviderId));
    setClientId(provider?.client_id ?? '');
    setSecret('');
    const nextOption = providerOptions[next];
    setOptionValue((nextOption && provider?.[nextOption.field]) ?? '');
  };
  const secretStored = stored?.type === 'standard' && Boolean(stored.client_secret);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const enabled = stored?.enabled ?? true;
    const changed: OAuthProviderConfig = own
      ? {
          id,
          enabled,
          type: 'standard',
          client_id: clientId.trim(),
          client_secret: secret || (secretStored ? stored.client_secret : ''),
          ...(option && optionValue.trim() !== '' ? { [option.field]: optionValue.trim() } : {}),
        }
      : { id, enabled, type: 'shared' };
    // The API takes the whole list; the others go back as they were.
    const list = stored ? props.providers.map((provider) => (provider.id === id ? changed : provider)) : [...props.providers, changed];
    setBusy(true);
    if (await props.onSave(list, t(own ? 'methods.usesOwn' : 'methods.usesShared', { provider: id }))) setSecret('');
    setBusy(false);
  };
  return (
    <form className={fieldsetClass} onSubmit={submit} aria-labelledby="own-keys-title" noValidate data-testid="own-keys-form">
      <h3 id="own-keys-title" className={labelClass}>
        {t('methods.keysTitle')}
      </h3>
      <div className={formRowClass}>
        <SelectField
          id="keys-provider"
          label={t('methods.provider')}
          value={id}
          onChange={choose}
          options={oauthProviderIds.map((provider) => [provider, provider] as const)}
        />
        <SelectField
          id="keys-kind"
          label={t('methods.keys')}
          value={own ? 'own' : 'shared'}
          onChange={(kind) => setOwn(kind === 'own')}
          options={
            canShare
              ? [
                  ['shared', t('methods.sharedKeys')],
                  ['own', t('methods.ownKeys')],
                ]
              : [['own', t('methods.ownKeys')]]
          }
        />
      </div>
      {own ? (
        <div className={formRowClass}>
          <TextField id="keys-client-id" label={t('methods.clientId')} value={clientId} spellCheck={false} autoComplete="off" onChange={setClientId} />
          <SecretField id="keys-client-secret" label={secretStored ? t('methods.clientSecretStored') : t('methods.clientSecret')} value={secret} onChange={setSecret} />
          {option ? <TextField id="keys-option" label={t(option.label)} value={optionValue} spellCheck={false} autoComplete="off" onChange={setOptionValue} /> : null}
        </div>
      ) : null}
      <div>
        <button type="submit" className={secondaryButtonClass} disabled={busy}>
          {t('methods.saveKeys')}
        </button>
      </div>
    </form>
  );
}
