// A project's audit log (GET /audit-events as its admin): newest first, filtered by event type,
// user and dates, paged with the API's cursors, and a live mode that reads the newest page again
// every few seconds while it is on.
import { useEffect, useState, type FormEvent } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { auditEventTypes, type AuditEventView } from '../../../server/protocol/audit-schemas';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { DataTable } from '../data-table';
import { CursorPager, useCursorPages } from '../cursor-pager';
import { SelectField, TextField } from '../text-field';
import {
  cellNowrapClass,
  checkboxRowClass,
  codeCellClass,
  formRowClass,
  linkClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  secondaryButtonClass,
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
  const pages = useCursorPages();
  const { cursor } = pages;
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
    pages.restart();
  };
  const next = page.state === 'ready' ? page.data.pagination.next_cursor : null;

  return (
    <>
      <h1 className={pageTitleClass}>Audit log</h1>
      <form className={panelClass} onSubmit={apply} aria-label="Filter the audit log">
        <div className={formRowClass}>
          <SelectField
            id="audit-type"
            label="Event"
            value={draft.type}
            onChange={(type) => setDraft({ ...draft, type })}
            options={[['', 'Any event'], ...auditEventTypes.map((type) => [type, type] as const)]}
          />
          <TextField id="audit-user" label="User id" value={draft.userId} spellCheck={false} onChange={(userId) => setDraft({ ...draft, userId })} />
        </div>
        <div className={formRowClass}>
          <TextField id="audit-since" label="From (UTC day)" type="date" value={draft.since} onChange={(since) => setDraft({ ...draft, since })} />
          <TextField id="audit-until" label="To (UTC day)" type="date" value={draft.until} onChange={(until) => setDraft({ ...draft, until })} />
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
        <DataTable
          items="audit events"
          data={page}
          failed="The audit log"
          empty={{
            title: Object.values(filter).every((value) => value === '') ? 'No audit events yet' : 'No event matches these filters',
          }}
          testId="audit-table"
          columns={[
            { header: 'When', className: cellNowrapClass, cell: (event) => new Date(event.occurred_at_millis).toLocaleString() },
            { header: 'Event', className: codeCellClass, cell: (event) => event.type },
            {
              header: 'User',
              cell: (event) =>
                event.user_id ? (
                  <Link to="/projects/$projectId/users/$userId" params={{ projectId, userId: event.user_id }} className={linkClass}>
                    {event.user_id.slice(0, 8)}
                  </Link>
                ) : (
                  '—'
                ),
            },
            {
              header: 'By',
              wideOnly: true,
              cell: (event) => (event.actor.id ? `${event.actor.type} ${event.actor.id.slice(0, 8)}` : event.actor.type),
            },
            { header: 'From', wideOnly: true, cell: (event) => <span className={mutedClass}>{event.ip ?? '—'}</span> },
          ]}
        />
        <CursorPager pages={pages} next={next} label="Pages of audit events" backText="Newer" forwardText="Older" />
      </section>
    </>
  );
}
