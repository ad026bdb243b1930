// A project's webhook endpoints (GET/POST/DELETE /webhooks/endpoints) with the signing secret
// shown once, and each endpoint's delivery log: status, every attempt, and a retry.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { ConsoleRefusal, describeFailure, type AdminApi } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
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

  const remove = async (endpoint: Endpoint) => {
    setFailure(null);
    try {
      await api.project(projectId, 'DELETE', `/webhooks/endpoints/${encodeURIComponent(endpoint.id)}`);
      if (shown === endpoint.id) setShown(null);
    } catch (error) {
      setFailure(describeFailure(error));
    }
    endpoints.reload();
  };

  return (
    <>
      <h1 className={pageTitleClass}>Webhooks</h1>
      <p className={mutedClass}>authd sends every event to every endpoint, signed as Standard Webhooks, and retries a failed delivery for about a day.</p>
      <NewEndpointForm
        api={api}
        projectId={projectId}
        onCreated={(created) => {
          setSecret(created);
          endpoints.reload();
        }}
      />
      {secret ? (
        <Section id="secret-title" title="Copy the signing secret now" testId="endpoint-secret">
          <p className={textClass}>Your receiver at {secret.url} checks each delivery with it; this is the only time it is shown.</p>
          <code className={secretBoxClass}>{secret.secret}</code>
          <div>
            <button type="button" className={smallButtonClass} onClick={() => setSecret(null)}>
              I have copied it
            </button>
          </div>
        </Section>
      ) : null}
      <Section id="endpoints-title" title="Endpoints">
        <FailureAlert message={failure} />
        <DataTable
          items="endpoints"
          data={endpoints}
          empty={{ title: 'No endpoints', hint: "Add the URL of your app's webhook receiver above." }}
          columns={[
            { header: 'URL', className: breakAnywhereClass, cell: (endpoint) => endpoint.url },
            { header: 'Description', wideOnly: true, cell: (endpoint) => endpoint.description || '—' },
            {
              header: 'Actions',
              headerHidden: true,
              className: cellNowrapClass,
              cell: (endpoint) => (
                <span className={formRowClass}>
                  <button
                    type="button"
                    className={smallButtonClass}
                    aria-pressed={shown === endpoint.id}
                    aria-label={`Deliveries to ${endpoint.url}`}
                    onClick={() => setShown(shown === endpoint.id ? null : endpoint.id)}
                  >
                    Deliveries
                  </button>
                  <TwoStepButton action="Remove" label={`Remove ${endpoint.url}`} onConfirm={() => remove(endpoint)} />
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
      title="New endpoint"
      onSubmit={submit}
      submit="Add endpoint"
      submitClass={primaryButtonClass}
      busy={action.busy}
      failure={action.failure}
    >
      <TextField id="endpoint-url" label="URL" inputMode="url" value={url} onChange={setUrl} />
      <TextField id="endpoint-description" label="Description" value={description} maxLength={1000} onChange={setDescription} />
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
  if (!endpoint) return null;
  const retry = (delivery: Delivery) =>
    action.run(async () => {
      const after = await api.project<Delivery>(projectId, 'POST', `/webhooks/deliveries/${encodeURIComponent(delivery.id)}/retry`);
      const said = `Retried ${delivery.event_type}: ${after.status} (HTTP ${after.last_status_code ?? 'no answer'}).`;
      // A retry the receiver refused again is a failure to report, though the call worked.
      if (after.status !== 'succeeded') throw new ConsoleRefusal(said);
      return said;
    });
  return (
    <Section
      id="deliveries-title"
      title={`Deliveries to ${endpoint.url}`}
      actions={
        <button type="button" className={smallButtonClass} onClick={deliveries.reload}>
          Refresh
        </button>
      }
    >
      <OutcomeLine outcome={action.outcome} />
      <DataTable
        items="deliveries"
        data={deliveries}
        empty={{ title: 'No deliveries yet', hint: 'Events appear here once something happens in the project.' }}
        columns={[
          {
            header: 'Event',
            cell: (delivery) => (
              <>
                <span className={codeCellClass}>{delivery.event_type}</span>
                <br />
                <span className={mutedClass}>{new Date(delivery.created_at_millis).toLocaleString()}</span>
              </>
            ),
          },
          { header: 'Status', cell: (delivery) => <span className={badgeClass}>{delivery.status}</span> },
          {
            header: 'Attempts',
            wideOnly: true,
            cell: (delivery) => (
              <ol className={recentListClass} aria-label={`Attempts of ${delivery.event_type}`}>
                {delivery.attempt_log.map((attempt) => (
                  <li key={attempt.attempt} className={mutedClass}>
                    #{attempt.attempt} {new Date(attempt.attempted_at_millis).toLocaleTimeString()}:{' '}
                    {attempt.status_code === null ? (attempt.error ?? 'no answer') : `HTTP ${attempt.status_code}`}
                  </li>
                ))}
              </ol>
            ),
          },
          {
            header: 'Action',
            headerHidden: true,
            className: cellNowrapClass,
            cell: (delivery) => (
              <button type="button" className={smallButtonClass} disabled={action.busy} onClick={() => retry(delivery)}>
                Retry
              </button>
            ),
          },
        ]}
      />
    </Section>
  );
}
