// A project's webhook endpoints (GET/POST/DELETE /webhooks/endpoints) with the signing secret
// shown once, and each endpoint's delivery log: status, every attempt, and a retry.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { ConsoleRefusal, describeFailure, type AdminApi } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { formatMoment, formatTime, useConsoleT } from '../console-messages';
import { FailureAlert } from '../page-states';
import { DataTable } from '../data-table';
import { Section } from '../section';
import { OutcomeLine, useAction } from '../action';
import { PanelForm, TextField } from '../text-field';
import { TwoStepButton } from '../two-step-button';
import {
  badgeClass,
  breakAnywhereClass,
  cellNowrapClass,
  codeCellClass,
  formRowClass,
  mutedClass,
  pageTitleClass,
  primaryButtonClass,
  recentListClass,
  secretBoxClass,
  smallButtonClass,
  textClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/webhooks');

interface Endpoint {
  id: string;
  url: string;
  description: string;
  created_at_millis: number;
}

interface Attempt {
  attempt: number;
  attempted_at_millis: number;
  status_code: number | null;
  error: string | null;
}

interface Delivery {
  id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  created_at_millis: number;
  attempt_log: Attempt[];
}

export function WebhooksPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const endpoints = useApiData(() => api.project<{ items: Endpoint[] }>(projectId, 'GET', '/webhooks/endpoints'), [projectId]);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const t = useConsoleT();

  const remove = async (endpoint: Endpoint) => {
    setFailure(null);
    try {
      await api.project(projectId, 'DELETE', `/webhooks/endpoints/${encodeURIComponent(endpoint.id)}`);
      if (shown === endpoint.id) setShown(null);
    } catch (error) {
      setFailure(describeFailure(error, t));
    }
    endpoints.reload();
  };

  return (
    <>
      <h1 className={pageTitleClass}>{t('nav.webhooks')}</h1>
      <p className={mutedClass}>{t('webhooks.intro')}</p>
      <NewEndpointForm
        api={api}
        projectId={projectId}
        onCreated={(created) => {
          setSecret(created);
          endpoints.reload();
        }}
      />
      {secret ? (
        <Section id="secret-title" title={t('webhooks.copySecret')} testId="endpoint-secret">
          <p className={textClass}>{t('webhooks.secretText', { url: secret.url })}</p>
          <code className={secretBoxClass}>{secret.secret}</code>
          <div>
            <button type="button" className={smallButtonClass} onClick={() => setSecret(null)}>
              {t('webhooks.copiedIt')}
            </button>
          </div>
        </Section>
      ) : null}
      <Section id="endpoints-title" title={t('webhooks.endpoints')}>
        <FailureAlert message={failure} />
        <DataTable
          text={{ loading: t('webhooks.endpointsLoading'), failed: t('webhooks.endpointsFailed'), label: t('webhooks.endpointsTable') }}
          testId="endpoints-table"
          data={endpoints}
          empty={{ title: t('webhooks.endpointsEmpty'), hint: t('webhooks.endpointsEmptyHint') }}
          columns={[
            { header: t('webhooks.url'), className: breakAnywhereClass, cell: (endpoint) => endpoint.url },
            { header: t('common.description'), wideOnly: true, cell: (endpoint) => endpoint.description || t('common.none') },
            {
              header: t('common.actions'),
              headerHidden: true,
              className: cellNowrapClass,
              cell: (endpoint) => (
                <span className={formRowClass}>
                  <button
                    type="button"
                    className={smallButtonClass}
                    aria-pressed={shown === endpoint.id}
                    aria-label={t('webhooks.deliveriesTo', { url: endpoint.url })}
                    onClick={() => setShown(shown === endpoint.id ? null : endpoint.id)}
                  >
                    {t('webhooks.deliveries')}
                  </button>
                  <TwoStepButton
                    action={t('team.remove')}
                    confirm={t('webhooks.removeForGood')}
                    label={t('domains.removeLabel', { domain: endpoint.url })}
                    onConfirm={() => remove(endpoint)}
                  />
                </span>
              ),
            },
          ]}
        />
      </Section>
      {shown && endpoints.state === 'ready' ? (
        <DeliveryLog key={shown} api={api} projectId={projectId} endpoint={endpoints.data.items.find((e) => e.id === shown) ?? null} />
      ) : null}
    </>
  );
}

function NewEndpointForm(props: { api: AdminApi; projectId: string; onCreated(created: { url: string; secret: string }): void }) {
  const [url, setUrl] = useState('https://');
  const [description, setDescription] = useState('');
  const action = useAction();
  const t = useConsoleT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const created = await props.api.project<Endpoint & { secret: string }>(props.projectId, 'POST', '/webhooks/endpoints', {
        url: url.trim(),
        description: description.trim(),
      });
      setUrl('https://');
      setDescription('');
      props.onCreated({ url: created.url, secret: created.secret });
    });
  };
  return (
    <PanelForm
      id="new-endpoint-title"
      title={t('webhooks.new')}
      onSubmit={submit}
      submit={t('webhooks.add')}
      submitClass={primaryButtonClass}
      busy={action.busy}
      failure={action.failure}
    >
      <TextField id="endpoint-url" label={t('webhooks.url')} inputMode="url" value={url} onChange={setUrl} />
      <TextField id="endpoint-description" label={t('common.description')} value={description} maxLength={1000} onChange={setDescription} />
    </PanelForm>
  );
}

function DeliveryLog(props: { api: AdminApi; projectId: string; endpoint: Endpoint | null }) {
  const { api, projectId, endpoint } = props;
  const endpointId = endpoint?.id ?? '';
  const deliveries = useApiData(
    () => api.project<{ items: Delivery[] }>(projectId, 'GET', `/webhooks/endpoints/${encodeURIComponent(endpointId)}/deliveries?limit=50`),
    [projectId, endpointId],
  );
  const action = useAction(deliveries.reload);
  const t = useConsoleT();
  if (!endpoint) return null;
  const retry = (delivery: Delivery) =>
    action.run(async () => {
      const after = await api.project<Delivery>(projectId, 'POST', `/webhooks/deliveries/${encodeURIComponent(delivery.id)}/retry`);
      const said = t('webhooks.retried', {
        event: delivery.event_type,
        status: t(`webhooks.status.${after.status}`),
        http: after.last_status_code === null ? t('webhooks.noAnswer') : `HTTP ${after.last_status_code}`,
      });
      // A retry the receiver refused again is a failure to report, though the call worked.
      if (after.status !== 'succeeded') throw new ConsoleRefusal(said);
      return said;
    });
  return (
    <Section
      id="deliveries-title"
      title={t('webhooks.deliveriesTo', { url: endpoint.url })}
      actions={
        <button type="button" className={smallButtonClass} onClick={deliveries.reload}>
          {t('webhooks.refresh')}
        </button>
      }
    >
      <OutcomeLine outcome={action.outcome} />
      <DataTable
        text={{ loading: t('webhooks.deliveriesLoading'), failed: t('webhooks.deliveriesFailed'), label: t('webhooks.deliveriesTable') }}
        testId="deliveries-table"
        data={deliveries}
        empty={{ title: t('webhooks.deliveriesEmpty'), hint: t('webhooks.deliveriesEmptyHint') }}
        columns={[
          {
            header: t('audit.event'),
            cell: (delivery) => (
              <>
                <span className={codeCellClass}>{delivery.event_type}</span>
                <br />
                <span className={mutedClass}>{formatMoment(t, delivery.created_at_millis)}</span>
              </>
            ),
          },
          { header: t('keys.status'), cell: (delivery) => <span className={badgeClass}>{t(`webhooks.status.${delivery.status}`)}</span> },
          {
            header: t('webhooks.attempts'),
            wideOnly: true,
            cell: (delivery) => (
              <ol className={recentListClass} aria-label={t('webhooks.attemptsOf', { event: delivery.event_type })}>
                {delivery.attempt_log.map((attempt) => (
                  <li key={attempt.attempt} className={mutedClass}>
                    {t('webhooks.attempt', {
                      number: attempt.attempt,
                      time: formatTime(t, attempt.attempted_at_millis),
                      result: attempt.status_code === null ? (attempt.error ?? t('webhooks.noAnswer')) : `HTTP ${attempt.status_code}`,
                    })}
                  </li>
                ))}
              </ol>
            ),
          },
          {
            header: t('common.action'),
            headerHidden: true,
            className: cellNowrapClass,
            cell: (delivery) => (
              <button type="button" className={smallButtonClass} disabled={action.busy} onClick={() => retry(delivery)}>
                {t('webhooks.retry')}
              </button>
            ),
          },
        ]}
      />
    </Section>
  );
}
