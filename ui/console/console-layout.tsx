// The frame around every console page: the header (home link, who is signed in, sign out), and
// for a project's pages the project's navigation beside the page.
import { createContext, useContext, useEffect } from 'react';
import { Link, Outlet, useParams } from '@tanstack/react-router';
import { useConsoleSession } from './console-context';
import { useApiData } from './api-data';
import { FailedState } from './page-states';
import { useConsoleT } from './console-messages';
import type { ConsoleKey } from '../../server/protocol/messages/console/console-en';
import {
  bodyClass,
  brandClass,
  headerClass,
  headerSpacerClass,
  headerUserClass,
  linkClass,
  mainClass,
  navClass,
  navHeadingClass,
  navLinkClass,
  pageTitleClass,
  smallButtonClass,
  textClass,
} from './styles';

export function ConsoleShell() {
  const { admin, signOut } = useConsoleSession();
  const t = useConsoleT();
  useEffect(() => {
    document.title = t('shell.brand');
  }, [t]);
  return (
    <>
      <header className={headerClass}>
        <Link to="/" className={brandClass}>
          {t('shell.brand')}
        </Link>
        <span className={headerSpacerClass} />
        <span className={headerUserClass} data-testid="signed-in-admin">
          {admin.primary_email ?? admin.display_name ?? admin.id}
        </span>
        <button type="button" className={smallButtonClass} onClick={() => void signOut()}>
          {t('shell.signOut')}
        </button>
      </header>
      <div className={bodyClass}>
        <Outlet />
      </div>
    </>
  );
}

interface ProjectName {
  id: string;
  display_name: string;
}

const projectPages = [
  { to: '/projects/$projectId/overview', label: 'nav.overview' },
  { to: '/projects/$projectId/users', label: 'nav.users' },
  { to: '/projects/$projectId/teams', label: 'nav.teams' },
  { to: '/projects/$projectId/permissions', label: 'nav.permissions' },
  { to: '/projects/$projectId/sign-in-methods', label: 'nav.signInMethods' },
  { to: '/projects/$projectId/api-keys', label: 'nav.apiKeys' },
  { to: '/projects/$projectId/oidc-clients', label: 'nav.oidcClients' },
  { to: '/projects/$projectId/domains', label: 'nav.domains' },
  { to: '/projects/$projectId/emails', label: 'nav.emails' },
  { to: '/projects/$projectId/webhooks', label: 'nav.webhooks' },
  { to: '/projects/$projectId/audit-log', label: 'nav.auditLog' },
  { to: '/projects/$projectId/settings', label: 'nav.settings' },
] as const satisfies readonly { to: string; label: ConsoleKey }[];

const ReloadProjectContext = createContext<() => void>(() => {});

/** Makes the project frame read the project again (its name shows in the navigation). */
export function useReloadProject(): () => void {
  return useContext(ReloadProjectContext);
}

/** A project's pages: its navigation and the page. The project's name comes from the API as its admin. */
export function ProjectFrame() {
  const { projectId } = useParams({ from: '/projects/$projectId' });
  const { api } = useConsoleSession();
  const project = useApiData(() => api.project<ProjectName>(projectId, 'GET', '/projects/current'), [projectId]);
  const name = project.state === 'ready' ? project.data.display_name : null;
  const t = useConsoleT();
  useEffect(() => {
    if (name) document.title = t('shell.projectTitle', { project: name });
  }, [name, t]);
  return (
    <>
      <nav className={navClass} aria-label={t('nav.label')}>
        <p className={navHeadingClass} data-testid="project-name">
          {name ?? projectId}
        </p>
        <Link to="/" className={navLinkClass} activeOptions={{ exact: true }}>
          {t('nav.allProjects')}
        </Link>
        {projectPages.map((page) => (
          <Link key={page.to} to={page.to} params={{ projectId }} className={navLinkClass} activeOptions={{ includeSearch: false }}>
            {t(page.label)}
          </Link>
        ))}
      </nav>
      <main className={mainClass}>
        {project.state === 'failed' ? (
          <FailedState what={t('nav.projectFailed')} error={project.error} onRetry={project.reload} />
        ) : (
          <ReloadProjectContext.Provider value={project.reload}>
            <Outlet />
          </ReloadProjectContext.Provider>
        )}
      </main>
    </>
  );
}

export function NotFoundPage() {
  const t = useConsoleT();
  return (
    <main className={mainClass}>
      <h1 className={pageTitleClass}>{t('notFound.title')}</h1>
      <p className={textClass}>
        {t.rich('notFound.text', {
          link: (
            <Link to="/" className={linkClass}>
              {t('notFound.link')}
            </Link>
          ),
        })}
      </p>
    </main>
  );
}
