// A project's users (GET /users as its admin): newest first, 25 a page with the API's cursors
// (next, and back through the cursors already seen), and a search by name, email or id.
import { useState, type FormEvent } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { TableFrame } from '../table-frame';
import { EmptyState, FailedState, LoadingState } from '../page-states';
import {
  badgeClass,
  cellNowrapClass,
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
  stackedCellClass,
  wideOnlyClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/users');
export const usersPageSize = 25;

interface UserPage {
  items: UserServerView[];
  pagination?: { next_cursor: string | null };
}

/** What the list is narrowed to: the search text and authd's filters ('' is any). */
interface UserFilter {
  query: string;
  verified: '' | 'true' | 'false';
  mfa: '' | 'true' | 'false';
  /** UTC days, YYYY-MM-DD. */
  from: string;
  to: string;
}

const anyUser: UserFilter = { query: '', verified: '', mfa: '', from: '', to: '' };

function listPath(filter: UserFilter, cursor: string | null): string {
  const parameters = new URLSearchParams({ limit: String(usersPageSize), desc: 'true' });
  if (filter.query) parameters.set('query', filter.query);
  if (filter.verified) parameters.set('primary_email_verified', filter.verified);
  if (filter.mfa) parameters.set('requires_totp_mfa', filter.mfa);
  if (filter.from) parameters.set('signed_up_after', String(Date.parse(`${filter.from}T00:00:00Z`)));
  // The whole `to` day is in: before the next day's first millisecond.
  if (filter.to) parameters.set('signed_up_before', String(Date.parse(`${filter.to}T00:00:00Z`) + 24 * 60 * 60 * 1000));
  if (cursor) parameters.set('cursor', cursor);
  return `/users?${parameters}`;
}

export function UsersPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const [draft, setDraft] = useState<UserFilter>(anyUser);
  const [filter, setFilter] = useState<UserFilter>(anyUser);
  // The cursors of the pages before this one, and this page's (null: the first page).
  const [earlier, setEarlier] = useState<(string | null)[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const page = useApiData(() => api.project<UserPage>(projectId, 'GET', listPath(filter, cursor)), [projectId, filter, cursor]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft, query: draft.query.trim() });
    setEarlier([]);
    setCursor(null);
  };
  const filtered = filter.verified !== '' || filter.mfa !== '' || filter.from !== '' || filter.to !== '';
  const next = page.state === 'ready' ? (page.data.pagination?.next_cursor ?? null) : null;

  return (
    <>
      <h1 className={pageTitleClass}>Users</h1>
      <form className={panelClass} role="search" aria-label="Search and filter users" onSubmit={search}>
        <div className={formRowClass}>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="user-search">
              Search by name, email or user id
            </label>
            <input id="user-search" className={inputClass} type="search" value={draft.query} onChange={(event) => setDraft({ ...draft, query: event.target.value })} />
          </div>
          <button type="submit" className={secondaryButtonClass}>
            Search
          </button>
        </div>
        <div className={formRowClass}>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="user-verified">
              Email
            </label>
            <select id="user-verified" className={selectClass} value={draft.verified} onChange={(event) => setDraft({ ...draft, verified: event.target.value as UserFilter['verified'] })}>
              <option value="">Any</option>
              <option value="true">Verified</option>
              <option value="false">Not verified</option>
            </select>
          </div>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="user-mfa">
              Multi-factor
            </label>
            <select id="user-mfa" className={selectClass} value={draft.mfa} onChange={(event) => setDraft({ ...draft, mfa: event.target.value as UserFilter['mfa'] })}>
              <option value="">Any</option>
              <option value="true">On</option>
              <option value="false">Off</option>
            </select>
          </div>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="user-from">
              Signed up from (UTC day)
            </label>
            <input id="user-from" className={inputClass} type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
          </div>
          <div className={fieldClass}>
            <label className={labelClass} htmlFor="user-to">
              to (UTC day)
            </label>
            <input id="user-to" className={inputClass} type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
          </div>
        </div>
      </form>
      <section className={panelClass} aria-label="Users">
        {page.state === 'loading' ? (
          <LoadingState label="Loading users…" />
        ) : page.state === 'failed' ? (
          <FailedState what="The users" error={page.error} onRetry={page.reload} />
        ) : page.data.items.length === 0 ? (
          <EmptyState title={filter.query ? `No user matches “${filter.query}”` : filtered ? 'No user matches these filters' : 'No users yet'}>
            <p className={mutedClass}>
              {filter.query || filtered ? 'Try part of a name or an email address, or fewer filters.' : 'People who sign up to this project appear here.'}
            </p>
          </EmptyState>
        ) : (
          <TableFrame label="Table of users">
            <table className={tableClass} data-testid="users-table">
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Signed up</th>
                  <th scope="col" className={wideOnlyClass}>
                    Sign-in
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.data.items.map((user) => (
                  <tr key={user.id}>
                    <td>
                      <span className={stackedCellClass}>
                        <Link to="/projects/$projectId/users/$userId" params={{ projectId, userId: user.id }} className={linkClass}>
                          {user.display_name ?? user.primary_email ?? user.id}
                        </Link>
                        {user.primary_email && (user.display_name || !user.primary_email_verified) ? (
                          <span className={mutedClass}>
                            {user.display_name ? user.primary_email : null}{' '}
                            {user.primary_email_verified ? null : <span className={badgeClass}>unverified</span>}
                          </span>
                        ) : null}
                      </span>
                    </td>
                    <td className={cellNowrapClass}>{new Date(user.signed_up_at_millis).toLocaleDateString()}</td>
                    <td className={`${cellNowrapClass} ${wideOnlyClass}`}>
                      {[user.has_password ? 'password' : null, user.passkey_auth_enabled ? 'passkey' : null, user.requires_totp_mfa ? 'MFA' : null, ...user.oauth_providers.map((p) => p.id)]
                        .filter(Boolean)
                        .join(', ') || '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
        <nav className={pagerClass} aria-label="Pages of users">
          <button
            type="button"
            className={smallButtonClass}
            disabled={earlier.length === 0}
            onClick={() => {
              setCursor(earlier[earlier.length - 1] ?? null);
              setEarlier(earlier.slice(0, -1));
            }}
          >
            Previous page
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
            Next page
          </button>
        </nav>
      </section>
    </>
  );
}
