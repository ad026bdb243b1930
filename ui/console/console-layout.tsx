// The frame around every console page: the header (home link, who is signed in, sign out), and
// for a project's pages the project's navigation beside the page.
import { createContext, useContext, useEffect } from 'react';
import { Link, Outlet, useParams } from '@tanstack/react-router';
import { useConsoleSession } from './console-context';
import { useApiData } from './api-data';
import { FailedState } from './page-states';
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
  return (
    <>
      <header className={headerClass}>
        <Link to="/" className={brandClass}>
          authd console
        </Link>
        <span className={headerSpacerClass} />
        <span className={headerUserClass} data-testid="signed-in-admin">
          {admin.primary_email ?? admin.display_name ?? admin.id}
        </span>
        <button type="button" className={smallButtonClass} onClick={() => void signOut()}>
          Sign out
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
  { to: '/projects/$projectId/overview', label: 'Overview' },
  { to: '/projects/$projectId/users', label: 'Users' },
  { to: '/projects/$projectId/teams', label: 'Teams' },
  { to: '/projects/$projectId/permissions', label: 'Permissions' },
  { to: '/projects/$projectId/sign-in-methods', label: 'Sign-in methods' },
  { to: '/projects/$projectId/api-keys', label: 'API keys' },
  { to: '/projects/$projectId/domains', label: 'Domains' },
  { to: '/projects/$projectId/emails', label: 'Emails' },
  { to: '/projects/$projectId/webhooks', label: 'Webhooks' },
  { to: '/projects/$projectId/audit-log', label: 'Audit log' },
  { to: '/projects/$projectId/settings', label: 'Settings' },
] as const;

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
  useEffect(() => {
    if (name) document.title = `${name} · authd console`;
  }, [name]);
  return (
    <>
      <nav className={navClass} aria-label="Project">
        <p className={navHeadingClass} data-testid="project-name">
          {name ?? projectId}
        </p>
        <Link to="/" className={navLinkClass} activeOptions={{ exact: true }}>
          All projects
        </Link>
        {projectPages.map((page) => (
          <Link key={page.to} to={page.to} params={{ projectId }} className={navLinkClass} activeOptions={{ includeSearch: false }}>
            {page.label}
          </Link>
        ))}
      </nav>
      <main className={mainClass}>
        {project.state === 'failed' ? (
          <FailedState what="This project" error={project.error} onRetry={project.reload} />
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
  return (
    <main className={mainClass}>
      <h1 className={pageTitleClass}>No such page</h1>
      <p className={textClass}>
        This address is not a page of the console.{' '}
        <Link to="/" className={linkClass}>
          See your projects
        </Link>
        .
      </p>
    </main>
  );
}
