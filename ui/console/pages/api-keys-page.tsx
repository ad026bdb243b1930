// A project's API key sets (GET/POST /internal/api-keys, PATCH … {revoked: true}): created keys
// are shown once, with a copy button, since authd keeps only their hashes.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { ApiKeySetCreationView, ApiKeySetObfuscatedView } from '../../../server/protocol/api-key-schemas';
import { describeFailure } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { formatDay, useConsoleT } from '../console-messages';
import type { ConsoleKey } from '../../../server/protocol/messages/console/console-en';
import { FailureAlert } from '../page-states';
import { DataTable } from '../data-table';
import { Section } from '../section';
import { useAction } from '../action';
import { SelectField, TextField, SubmitRow } from '../text-field';
import { TwoStepButton } from '../two-step-button';
import { ShownOnceValues } from '../shown-once-values';
import {
  badgeClass,
  checkboxRowClass,
  fieldsetClass,
  formRowClass,
  labelClass,
  pageTitleClass,
  panelClass,
  sectionTitleClass,
  keyListClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/api-keys');
const dayMillis = 24 * 60 * 60 * 1000;
/** What "never" means for a key set, as the CLI's default (the last second of 2099). */
const neverMillis = Date.UTC(2099, 11, 31, 23, 59, 59);
const lifetimes = [
  { label: 'keys.oneDay', millis: dayMillis },
  { label: 'keys.oneWeek', millis: 7 * dayMillis },
  { label: 'keys.ninetyDays', millis: 90 * dayMillis },
  { label: 'keys.oneYear', millis: 365 * dayMillis },
  { label: 'keys.never', millis: null },
] as const satisfies readonly { label: ConsoleKey; millis: number | null }[];

const kinds = [
  { field: 'publishable_client_key', flag: 'has_publishable_client_key', label: 'keys.publishable', copy: 'keys.copyPublishable', prefix: 'pck' },
  { field: 'secret_server_key', flag: 'has_secret_server_key', label: 'keys.secret', copy: 'keys.copySecret', prefix: 'ssk' },
  { field: 'super_secret_admin_key', flag: 'has_super_secret_admin_key', label: 'keys.admin', copy: 'keys.copyAdmin', prefix: 'sak' },
] as const satisfies readonly { label: ConsoleKey; copy: ConsoleKey; [other: string]: string }[];

function statusOf(key: ApiKeySetObfuscatedView, now: number): 'revoked' | 'expired' | 'valid' {
  if (key.manually_revoked_at_millis !== undefined) return 'revoked';
  return key.expires_at_millis <= now ? 'expired' : 'valid';
}

export function ApiKeysPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const keys = useApiData(() => api.project<{ items: ApiKeySetObfuscatedView[] }>(projectId, 'GET', '/internal/api-keys'), [projectId]);
  const [created, setCreated] = useState<ApiKeySetCreationView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const now = Date.now();
  const t = useConsoleT();

  const revoke = async (id: string) => {
    setFailure(null);
    try {
      await api.project(projectId, 'PATCH', `/internal/api-keys/${encodeURIComponent(id)}`, { revoked: true });
    } catch (error) {
      setFailure(describeFailure(error, t));
    }
    keys.reload();
  };

  return (
    <>
      <h1 className={pageTitleClass}>{t('nav.apiKeys')}</h1>
      <CreateKeysForm
        projectId={projectId}
        onCreated={(view) => {
          setCreated(view);
          keys.reload();
        }}
      />
      {created ? <CreatedKeys view={created} onDone={() => setCreated(null)} /> : null}
      <Section id="key-sets-title" title={t('keys.sets')}>
        <FailureAlert message={failure} />
        <DataTable
          text={{ loading: t('keys.loading'), failed: t('keys.failed'), label: t('keys.table') }}
          testId="key-sets-table"
          data={keys}
          empty={{ title: t('keys.empty'), hint: t('keys.emptyHint') }}
          columns={[
            { header: t('common.description'), cell: (key) => key.description || t('common.none') },
            {
              header: t('methods.keys'),
              cell: (key) => (
                <span className={keyListClass}>
                  {kinds
                    .filter((kind) => key[kind.field])
                    .map((kind) => (
                      <span key={kind.field}>{`${kind.prefix}_…${key[kind.field]!.last_four}`}</span>
                    ))}
                </span>
              ),
            },
            {
              header: t('team.expires'),
              wideOnly: true,
              cell: (key) => (key.expires_at_millis >= neverMillis ? t('common.never') : formatDay(t, key.expires_at_millis)),
            },
            { header: t('keys.status'), cell: (key) => <span className={badgeClass}>{t(`keys.${statusOf(key, now)}`)}</span> },
            {
              header: t('common.action'),
              headerHidden: true,
              cell: (key) =>
                statusOf(key, now) === 'valid' ? <TwoStepButton action={t('team.revoke')} confirm={t('keys.revokeForGood')} onConfirm={() => revoke(key.id)} /> : null,
            },
          ]}
        />
      </Section>
    </>
  );
}

function CreateKeysForm(props: { projectId: string; onCreated(view: ApiKeySetCreationView): void }) {
  const { api } = useConsoleSession();
  const [description, setDescription] = useState('');
  const [lifetime, setLifetime] = useState('3');
  const [wanted, setWanted] = useState<Record<string, boolean>>({
    publishable_client_key: true,
    secret_server_key: true,
    super_secret_admin_key: false,
  });
  const action = useAction();
  const t = useConsoleT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kinds.some((kind) => wanted[kind.field])) return action.refuse(t('keys.kindRequired'));
    const chosen = lifetimes[Number(lifetime)]!;
    void action.run(async () => {
      const view = await api.project<ApiKeySetCreationView>(props.projectId, 'POST', '/internal/api-keys', {
        description: description.trim(),
        expires_at_millis: chosen.millis === null ? neverMillis : Date.now() + chosen.millis,
        has_publishable_client_key: wanted.publishable_client_key === true,
        has_secret_server_key: wanted.secret_server_key === true,
        has_super_secret_admin_key: wanted.super_secret_admin_key === true,
      });
      setDescription('');
      props.onCreated(view);
    });
  };
  return (
    <form className={panelClass} onSubmit={submit} aria-labelledby="new-keys-title">
      <h2 id="new-keys-title" className={sectionTitleClass}>
        {t('keys.new')}
      </h2>
      <div className={formRowClass}>
        <TextField id="key-description" label={t('common.description')} value={description} maxLength={1000} onChange={setDescription} />
        <SelectField
          id="key-lifetime"
          label={t('keys.expiresAfter')}
          value={lifetime}
          onChange={setLifetime}
          options={lifetimes.map((choice, index) => [String(index), t(choice.label)] as const)}
        />
      </div>
      <fieldset className={fieldsetClass}>
        <legend className={labelClass}>{t('keys.inTheSet')}</legend>
        {kinds.map((kind) => (
          <label key={kind.field} className={checkboxRowClass}>
            <input type="checkbox" checked={wanted[kind.field] === true} onChange={(event) => setWanted({ ...wanted, [kind.field]: event.target.checked })} />
            {t(kind.label)}
          </label>
        ))}
      </fieldset>
      <SubmitRow busy={action.busy} failure={action.failure}>
        {action.busy ? t('common.creating') : t('keys.create')}
      </SubmitRow>
    </form>
  );
}

function CreatedKeys(props: { view: ApiKeySetCreationView; onDone(): void }) {
  const t = useConsoleT();
  const values = kinds.flatMap((kind) => {
    const value = props.view[kind.field];
    return value ? [{ label: t(kind.label), copy: t(kind.copy), value, testId: `created-${kind.prefix}` }] : [];
  });
  return (
    <ShownOnceValues
      id="created-keys-title"
      testId="created-keys"
      title={t('keys.copyNow')}
      text={t('keys.shownOnce')}
      values={values}
      done={t('keys.copiedThem')}
      onDone={props.onDone}
    />
  );
}
