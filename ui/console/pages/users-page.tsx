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

function listPath(query: string, cursor: string | null): string {
  const parameters = new URLSearchParams({ limit: String(usersPageSize), desc: 'true' });
  if (query) parameters.set('query', query);
  if (cursor) parameters.set('cursor', cursor);
  return `/users?${parameters}`;
}

export function UsersPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  // The cursors of the pages before this one, and this page's (null: the first page).
  const [earlier, setEarlier] = useState<(string | null)[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const page = useApiData(() => api.project<UserPage>(projectId, 'GET', listPath(query, cursor)), [projectId, query, cursor]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
    setEarlier([]);
    setCursor(null);
  };
  const next = page.state === 'ready' ? (page.data.pagination?.next_cursor ?? null) : null;

  return (
    <>
      <h1 className={pageTitleClass}>Users</h1>
      <form className={formRowClass} role="search" onSubmit={search}>
        <div className={fieldClass}>
          <label className={labelClass} htmlFor="user-search">
            Search by name, email or user id
          </label>
          <input id="user-search" className={inputClass} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <button type="submit" className={secondaryButtonClass}>
          Search
        </button>
      </form>
      <section className={panelClass} aria-label="Users">
        {page.state === 'loading' ? (
          <LoadingState label="Loading users…" />
        ) : page.state === 'failed' ? (
          <FailedState what="The users" error={page.error} onRetry={page.reload} />
        ) : page.data.items.length === 0 ? (
          <EmptyState title={query ? `No user matches “${query}”` : 'No users yet'}>
            <p className={mutedClass}>
              {query ? 'Try part of a name or an email address.' : 'People who sign up to this project appear here.'}
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
