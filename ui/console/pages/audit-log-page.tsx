// A project's audit log (GET /audit-events as its admin): newest first, filtered by event type,
// user and dates, paged with the API's cursors, and a live mode that reads the newest page again
// every few seconds while it is on.
import { useEffect, useState, type FormEvent } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { auditEventTypes, type AuditEventView } from '../../../server/protocol/audit-schemas';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { formatMoment, useConsoleT } from '../console-messages';
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
  const t = useConsoleT();
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
      <h1 className={pageTitleClass}>{t('nav.auditLog')}</h1>
      <form className={panelClass} onSubmit={apply} aria-label={t('auditLog.filterLabel')}>
        <div className={formRowClass}>
          <SelectField
            id="audit-type"
            label={t('audit.event')}
            value={draft.type}
            onChange={(type) => setDraft({ ...draft, type })}
            options={[['', t('auditLog.anyEvent')], ...auditEventTypes.map((type) => [type, type] as const)]}
          />
          <TextField id="audit-user" label={t('user.id')} value={draft.userId} spellCheck={false} onChange={(userId) => setDraft({ ...draft, userId })} />
        </div>
        <div className={formRowClass}>
          <TextField id="audit-since" label={t('auditLog.from')} type="date" value={draft.since} onChange={(since) => setDraft({ ...draft, since })} />
          <TextField id="audit-until" label={t('auditLog.to')} type="date" value={draft.until} onChange={(until) => setDraft({ ...draft, until })} />
          <button type="submit" className={secondaryButtonClass}>
            {t('auditLog.apply')}
          </button>
        </div>
        <label className={checkboxRowClass}>
          <input type="checkbox" checked={live} onChange={(event) => setLive(event.target.checked)} />
          {t('auditLog.live')}
        </label>
      </form>
      <section className={panelClass} aria-label={t('audit.events')}>
        <DataTable
          text={{ loading: t('audit.loading'), failed: t('auditLog.failed'), label: t('audit.table') }}
          data={page}
          empty={{
            title: Object.values(filter).every((value) => value === '') ? t('auditLog.empty') : t('auditLog.noMatch'),
          }}
          testId="audit-table"
          columns={[
            { header: t('audit.when'), className: cellNowrapClass, cell: (event) => formatMoment(t, event.occurred_at_millis) },
            { header: t('audit.event'), className: codeCellClass, cell: (event) => event.type },
            {
              header: t('users.user'),
              cell: (event) =>
                event.user_id ? (
                  <Link to="/projects/$projectId/users/$userId" params={{ projectId, userId: event.user_id }} className={linkClass}>
                    {event.user_id.slice(0, 8)}
                  </Link>
                ) : (
                  t('common.none')
                ),
            },
            {
              header: t('audit.by'),
              wideOnly: true,
              cell: (event) => (event.actor.id ? `${event.actor.type} ${event.actor.id.slice(0, 8)}` : event.actor.type),
            },
            { header: t('user.from'), wideOnly: true, cell: (event) => <span className={mutedClass}>{event.ip ?? t('common.none')}</span> },
          ]}
        />
        <CursorPager pages={pages} next={next} label={t('auditLog.pages')} previous={t('auditLog.newer')} following={t('auditLog.older')} />
      </section>
    </>
  );
}
