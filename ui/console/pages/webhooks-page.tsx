// A project's webhook endpoints (GET/POST/DELETE /webhooks/endpoints) with the signing secret
// shown once, and each endpoint's delivery log: status, every attempt, and a retry.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { describeFailure, type AdminApi } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { EmptyState, FailedState, LoadingState, FailureAlert } from '../page-states';
import { TableFrame } from '../table-frame';
import {
  badgeClass,
  breakAnywhereClass,
  cellNowrapClass,
  codeCellClass,
  errorTextClass,
  fieldClass,
  formRowClass,
  inputClass,
  labelClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  primaryButtonClass,
  recentListClass,
  secretBoxClass,
  sectionTitleClass,
  smallButtonClass,
  smallDangerButtonClass,
  successTextClass,
  tableClass,
  textClass,
  titleRowClass,
  visuallyHiddenClass,
  wideOnlyClass,
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
        <section className={panelClass} aria-labelledby="secret-title" data-testid="endpoint-secret">
          <h2 id="secret-title" className={sectionTitleClass}>
            Copy the signing secret now
          </h2>
          <p className={textClass}>Your receiver at {secret.url} checks each delivery with it; this is the only time it is shown.</p>
          <code className={secretBoxClass}>{secret.secret}</code>
          <div>
            <button type="button" className={smallButtonClass} onClick={() => setSecret(null)}>
              I have copied it
            </button>
          </div>
        </section>
      ) : null}
      <section className={panelClass} aria-labelledby="endpoints-title">
        <h2 id="endpoints-title" className={sectionTitleClass}>
          Endpoints
        </h2>
        <FailureAlert message={failure} />
        {endpoints.state === 'loading' ? (
          <LoadingState label="Loading endpoints…" />
        ) : endpoints.state === 'failed' ? (
          <FailedState what="The endpoints" error={endpoints.error} onRetry={endpoints.reload} />
        ) : endpoints.data.items.length === 0 ? (
          <EmptyState title="No endpoints">
            <p className={mutedClass}>Add the URL of your app's webhook receiver above.</p>
          </EmptyState>
        ) : (
          <TableFrame label="Table of endpoints">
            <table className={tableClass} data-testid="endpoints-table">
              <thead>
                <tr>
                  <th scope="col">URL</th>
                  <th scope="col" className={wideOnlyClass}>
                    Description
                  </th>
                  <th scope="col">
                    <span className={visuallyHiddenClass}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {endpoints.data.items.map((endpoint) => (
                  <tr key={endpoint.id}>
                    <td className={breakAnywhereClass}>{endpoint.url}</td>
                    <td className={wideOnlyClass}>{endpoint.description || '—'}</td>
                    <td className={cellNowrapClass}>
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
                        <RemoveButton label={`Remove ${endpoint.url}`} onRemove={() => remove(endpoint)} />
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
      {shown && endpoints.state === 'ready' ? (
        <DeliveryLog key={shown} api={api} projectId={projectId} endpoint={endpoints.data.items.find((e) => e.id === shown) ?? null} />
      ) : null}
    </>
  );
}

function RemoveButton(props: { label: string; onRemove(): Promise<void> }) {
  const [armed, setArmed] = useState(false);
  if (!armed) {
    return (
      <button type="button" className={smallButtonClass} aria-label={props.label} onClick={() => setArmed(true)}>
        Remove
      </button>
    );
  }
  return (
    <button type="button" className={smallDangerButtonClass} onClick={() => void props.onRemove()}>
      Remove for good
    </button>
  );
}

function NewEndpointForm(props: { api: AdminApi; projectId: string; onCreated(created: { url: string; secret: string }): void }) {
  const [url, setUrl] = useState('https://');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const created = await props.api.project<Endpoint & { secret: string }>(props.projectId, 'POST', '/webhooks/endpoints', {
        url: url.trim(),
        description: description.trim(),
      });
      setUrl('https://');
      setDescription('');
      props.onCreated({ url: created.url, secret: created.secret });
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={panelClass} onSubmit={submit} aria-labelledby="new-endpoint-title" noValidate>
      <h2 id="new-endpoint-title" className={sectionTitleClass}>
        New endpoint
      </h2>
      <div className={formRowClass}>
        <div className={fieldClass}>
          <label className={labelClass} htmlFor="endpoint-url">
            URL
          </label>
          <input id="endpoint-url" className={inputClass} inputMode="url" value={url} onChange={(event) => setUrl(event.target.value)} />
        </div>
        <div className={fieldClass}>
          <label className={labelClass} htmlFor="endpoint-description">
            Description
          </label>
          <input id="endpoint-description" className={inputClass} value={description} maxLength={1000} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          Add endpoint
        </button>
      </div>
      <FailureAlert message={failure} />
    </form>
  );
}

function DeliveryLog(props: { api: AdminApi; projectId: string; endpoint: Endpoint | null }) {
  const { api, projectId, endpoint } = props;
  const endpointId = endpoint?.id ?? '';
  const deliveries = useApiData(
    () => api.project<{ items: Delivery[] }>(projectId, 'GET', `/webhooks/endpoints/${encodeURIComponent(endpointId)}/deliveries?limit=50`),
    [projectId, endpointId],
  );
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!endpoint) return null;
  const retry = async (delivery: Delivery) => {
    setBusy(true);
    setOutcome(null);
    try {
      const after = await api.project<Delivery>(projectId, 'POST', `/webhooks/deliveries/${encodeURIComponent(delivery.id)}/retry`);
      setOutcome({ ok: after.status === 'succeeded', message: `Retried ${delivery.event_type}: ${after.status} (HTTP ${after.last_status_code ?? 'no answer'}).` });
    } catch (error) {
      setOutcome({ ok: false, message: describeFailure(error) });
    } finally {
      setBusy(false);
      deliveries.reload();
    }
  };
  return (
    <section className={panelClass} aria-labelledby="deliveries-title">
      <div className={titleRowClass}>
        <h2 id="deliveries-title" className={sectionTitleClass}>
          Deliveries to {endpoint.url}
        </h2>
        <button type="button" className={smallButtonClass} onClick={deliveries.reload}>
          Refresh
        </button>
      </div>
      <p role="status" className={outcome && !outcome.ok ? errorTextClass : successTextClass}>
        {outcome?.message ?? ''}
      </p>
      {deliveries.state === 'loading' ? (
        <LoadingState label="Loading deliveries…" />
      ) : deliveries.state === 'failed' ? (
        <FailedState what="The deliveries" error={deliveries.error} onRetry={deliveries.reload} />
      ) : deliveries.data.items.length === 0 ? (
        <EmptyState title="No deliveries yet">
          <p className={mutedClass}>Events appear here once something happens in the project.</p>
        </EmptyState>
      ) : (
        <TableFrame label="Table of deliveries">
          <table className={tableClass} data-testid="deliveries-table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col" className={wideOnlyClass}>
                  Attempts
                </th>
                <th scope="col">
                  <span className={visuallyHiddenClass}>Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.items.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <span className={codeCellClass}>{delivery.event_type}</span>
                    <br />
                    <span className={mutedClass}>{new Date(delivery.created_at_millis).toLocaleString()}</span>
                  </td>
                  <td>
                    <span className={badgeClass}>{delivery.status}</span>
                  </td>
                  <td className={wideOnlyClass}>
                    <ol className={recentListClass} aria-label={`Attempts of ${delivery.event_type}`}>
                      {delivery.attempt_log.map((attempt) => (
                        <li key={attempt.attempt} className={mutedClass}>
                          #{attempt.attempt} {new Date(attempt.attempted_at_millis).toLocaleTimeString()}:{' '}
                          {attempt.status_code === null ? (attempt.error ?? 'no answer') : `HTTP ${attempt.status_code}`}
                        </li>
                      ))}
                    </ol>
                  </td>
                  <td className={cellNowrapClass}>
                    <button type="button" className={smallButtonClass} disabled={busy} onClick={() => retry(delivery)}>
                      Retry
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
