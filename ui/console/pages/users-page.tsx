// A project's users (GET /users as its admin): newest first, 25 a page with the API's cursors
// (next, and back through the cursors already seen), and a search by name, email or id.
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { UserServerView } from '../../../server/protocol/user-schemas';
import { useApiData } from '../api-data';
import { UserLink } from '../user-link';
import { useConsoleSession } from '../console-context';
import { formatDay, formatList, useConsoleT } from '../console-messages';
import type { ConsoleKey } from '../../../server/protocol/messages/console/console-en';
import { DataTable } from '../data-table';
import { CursorPager, useCursorPages } from '../cursor-pager';
import { SelectField, TextField } from '../text-field';
import {
  badgeClass,
  cellNowrapClass,
  formRowClass,
  mutedClass,
  pageTitleClass,
  panelClass,
  secondaryButtonClass,
  stackedCellClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/users');
export const usersPageSize = 25;

interface UserPage {
  items: UserServerView[];
  pagination?: { next_cursor: string | null };
}

type YesNo = '' | 'true' | 'false';

/** What the list is narrowed to: the search text and authd's filters ('' is any). */
interface UserFilter {
  query: string;
  verified: YesNo;
  mfa: YesNo;
  /** UTC days, YYYY-MM-DD. */
  from: string;
  to: string;
}

/** The filters that are on, off or either, each with the words of its choices. */
const yesNoFilters = [
  { field: 'verified', id: 'user-verified', label: 'users.email', yes: 'users.verified', no: 'users.notVerified' },
  { field: 'mfa', id: 'user-mfa', label: 'users.mfa', yes: 'users.on', no: 'users.off' },
] as const satisfies readonly { field: 'verified' | 'mfa'; label: ConsoleKey; yes: ConsoleKey; no: ConsoleKey; id: string }[];

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
  const pages = useCursorPages();
  const t = useConsoleT();
  const { cursor } = pages;
  const page = useApiData(() => api.project<UserPage>(projectId, 'GET', listPath(filter, cursor)), [projectId, filter, cursor]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft, query: draft.query.trim() });
    pages.restart();
  };
  const filtered = filter.verified !== '' || filter.mfa !== '' || filter.from !== '' || filter.to !== '';
  const next = page.state === 'ready' ? (page.data.pagination?.next_cursor ?? null) : null;

  return (
    <>
      <h1 className={pageTitleClass}>{t('users.title')}</h1>
      <form className={panelClass} role="search" aria-label={t('users.searchLabel')} onSubmit={search}>
        <div className={formRowClass}>
          <TextField
            id="user-search"
            label={t('users.search')}
            type="search"
            value={draft.query}
            onChange={(query) => setDraft({ ...draft, query })}
          />
          <button type="submit" className={secondaryButtonClass}>
            {t('users.searchButton')}
          </button>
        </div>
        <div className={formRowClass}>
          {yesNoFilters.map((choice) => (
            <SelectField
              key={choice.field}
              id={choice.id}
              label={t(choice.label)}
              value={draft[choice.field]}
              onChange={(value) => setDraft({ ...draft, [choice.field]: value as YesNo })}
              options={[
                ['', t('users.any')],
                ['true', t(choice.yes)],
                ['false', t(choice.no)],
              ]}
            />
          ))}
          <TextField id="user-from" label={t('users.from')} type="date" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
          <TextField id="user-to" label={t('users.to')} type="date" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        </div>
      </form>
      <section className={panelClass} aria-label={t('users.title')}>
        <DataTable
          text={{ loading: t('users.loading'), failed: t('users.failed'), label: t('users.table') }}
          testId="users-table"
          data={page}
          empty={{
            title: filter.query ? t('users.noMatch', { query: filter.query }) : filtered ? t('users.noMatchFilters') : t('users.emptyTitle'),
            hint: filter.query || filtered ? t('users.noMatchHint') : t('users.emptyHint'),
          }}
          columns={[
            {
              header: t('users.user'),
              cell: (user) => (
                <span className={stackedCellClass}>
                  <UserLink projectId={projectId} user={user} />
                  {user.primary_email && (user.display_name || !user.primary_email_verified) ? (
                    <span className={mutedClass}>
                      {user.display_name ? user.primary_email : null} {user.primary_email_verified ? null : <span className={badgeClass}>{t('users.unverified')}</span>}
                    </span>
                  ) : null}
                </span>
              ),
            },
            {
              header: t('users.signedUp'),
              className: cellNowrapClass,
              cell: (user) => formatDay(t, user.signed_up_at_millis),
            },
            {
              header: t('users.signIn'),
              wideOnly: true,
              className: cellNowrapClass,
              // Provider ids are names, shown as they are.
              cell: (user) => {
                const ways = [
                  user.has_password ? t('users.password') : null,
                  user.passkey_auth_enabled ? t('users.passkey') : null,
                  user.requires_totp_mfa ? t('users.mfaShort') : null,
                  ...user.oauth_providers.map((p) => p.id),
                ].filter((way): way is string => way !== null);
                return ways.length === 0 ? t('common.none') : formatList(t, ways);
              },
            },
          ]}
        />
        <CursorPager pages={pages} next={next} label={t('users.pages')} />
      </section>
    </>
  );
}
