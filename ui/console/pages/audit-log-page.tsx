// A project's audit log (GET /audit-events as its admin): newest first, filtered by event type,
// user and dates, paged with the API's cursors, and a live mode that reads the newest page again
// every few seconds while it is on.
import { useEffect, useState, type FormEvent } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { auditEventTypes, type AuditEventView } from '../../../server/protocol/audit-schemas';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { EmptyState, FailedState, LoadingState } from '../page-states';
import { TableFrame } from '../table-frame';
import {
  cellNowrapClass,
  checkboxRowClass,
  codeCellClass,
  fieldClass,
  formRowClass,
  inputClass,
  labelClass,
  linkClass,
  mutedClass,
  pageTitleClass,
  pagerClass,
  panelClass,
  secondaryButtonClass,
  selectClass,
  smallButtonClass,
  tableClass,
  wideOnlyClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/audit-log');
export const auditPageSize = 50;
/** How often live mode reads the newest events again. */
export const liveRefreshMillis = 3_000;

interface Filter {
  type: string;
  userId: string;
  since: string;
  until: string;
}

interface AuditPage {
  items: AuditEventView[];
  pagination: { next_cursor: string | null };
}

const noFilter: Filter = { type: '', userId: '', since: '', until: '' };

function listPath(filter: Filter, cursor: string | null): string {
  const parameters = new URLSearchParams({ limit: String(auditPageSize) });
  if (filter.type) parameters.set('type', filter.type);
  if (filter.userId) parameters.set('user_id', filter.userId);
  // Dates are whole UTC days: from the start of `since` to the end of `until`.
  if (filter.since) parameters.set('since', String(Date.parse(`${filter.since}T00:00:00Z`)));
  if (filter.until) parameters.set('until', String(Date.parse(`${filter.until}T23:59:59.999Z`)));
  if (cursor) parameters.set('cursor', cursor);
  return `/audit-events?${parameters}`;
}

export function AuditLogPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const [draft, setDraft] = useState<Filter>(noFilter);
  const [filter, setFilter] = useState<Filter>(noFilter);
  const [earlier, setEarlier] = useState<(string | null)[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const page = useApiData(() => api.project<AuditPage>(projectId, 'GET', listPath(filter, cursor)), [projectId, filter, cursor]);
  const { reload } = page;

  // Live mode follows the newest page only: an older page does not change.
  useEffect(() => {
    if (!live || cursor !== null) return;
    const timer = setInterval(reload, liveRefreshMillis);
    return () => clearInterval(timer);
  }, [live, cursor, reload]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft, userId: draft.userId.trim() });
    setEarlier([]);
    setCursor(null);
  };
  const next = page.state === 'ready' ? page.data.pagination.next_cursor : null;

  return (
    <>
      <h1 className={pageTitleClass}>Audit log</h1>
      <form className={panelClass} onSubmit={apply} aria-label="Filter the audit log">
        <div className={formRowClass}>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="audit-type">
              Event
            </label>
            <select id="audit-type" className={selectClass} value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value })}>
              <option value="">Any event</option>
              {auditEventTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="audit-user">
              User id
            </label>
            <input id="audit-user" className={inputClass} value={draft.userId} spellCheck={false} onChange={(event) => setDraft({ ...draft, userId: event.target.value })} />
          </div>
        </div>
        <div className={formRowClass}>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="audit-since">
              From (UTC day)
            </label>
            <input id="audit-since" className={inputClass} type="date" value={draft.since} onChange={(event) => setDraft({ ...draft, since: event.target.value })} />
          </div>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="audit-until">
              To (UTC day)
            </label>
            <input id="audit-until" className={inputClass} type="date" value={draft.until} onChange={(event) => setDraft({ ...draft, until: event.target.value })} />
          </div>
          <button type="submit" className={secondaryButtonClass}>
            Apply filters
          </button>
        </div>
        <label className={checkboxRowClass}>
          <input type="checkbox" checked={live} onChange={(event) => setLive(event.target.checked)} />
          Live: show new events as they happen (newest page)
        </label>
      </form>
      <section className={panelClass} aria-label="Audit events">
        {page.state === 'loading' ? (
          <LoadingState label="Loading audit events…" />
        ) : page.state === 'failed' ? (
          <FailedState what="The audit log" error={page.error} onRetry={page.reload} />
        ) : page.data.items.length === 0 ? (
          <EmptyState title={Object.values(filter).every((value) => value === '') ? 'No audit events yet' : 'No event matches these filters'} />
        ) : (
          <TableFrame label="Table of audit events">
            <table className={tableClass} data-testid="audit-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Event</th>
                  <th scope="col">User</th>
                  <th scope="col" className={wideOnlyClass}>
                    By
                  </th>
                  <th scope="col" className={wideOnlyClass}>
                    From
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.data.items.map((event) => (
                  <tr key={event.id}>
                    <td className={cellNowrapClass}>{new Date(event.occurred_at_millis).toLocaleString()}</td>
                    <td className={codeCellClass}>{event.type}</td>
                    <td>
                      {event.user_id ? (
                        <Link to="/projects/$projectId/users/$userId" params={{ projectId, userId: event.user_id }} className={linkClass}>
                          {event.user_id.slice(0, 8)}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className={wideOnlyClass}>{event.actor.id ? `${event.actor.type} ${event.actor.id.slice(0, 8)}` : event.actor.type}</td>
                    <td className={wideOnlyClass}>
                      <span className={mutedClass}>{event.ip ?? '—'}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
        <nav className={pagerClass} aria-label="Pages of audit events">
          <button
            type="button"
            className={smallButtonClass}
            disabled={earlier.length === 0}
            onClick={() => {
              setCursor(earlier[earlier.length - 1] ?? null);
              setEarlier(earlier.slice(0, -1));
            }}
          >
            Newer
          </button>
          <button
            type="button"
            className={smallButtonClass}
            disabled={next === null}
            onClick={() => {
              setEarlier([...earlier, cursor]);
              setCursor(next);
            }}
          >
            Older
          </button>
        </nav>
      </section>
    </>
  );
}
