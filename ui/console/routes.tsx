// The console's routes (TanStack Router, under /admin). Every page is its own chunk, fetched when
// first opened; the shell and the project frame around them come with the first load.
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { consoleBasePath } from '../../server/protocol/admin-console-config';
import { ConsoleShell, NotFoundPage, ProjectFrame } from './console-layout';

const rootRoute = createRootRoute({ component: ConsoleShell, notFoundComponent: NotFoundPage });

const projectsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./pages/projects-page'), 'ProjectsPage'),
});

const projectRoute = createRoute({ getParentRoute: () => rootRoute, path: '/projects/$projectId', component: ProjectFrame });

const projectIndexRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/projects/$projectId/overview', params });
  },
});

const overviewRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/overview',
  component: lazyRouteComponent(() => import('./pages/overview-page'), 'OverviewPage'),
});

const usersRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/users',
  component: lazyRouteComponent(() => import('./pages/users-page'), 'UsersPage'),
});

const userRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/users/$userId',
  component: lazyRouteComponent(() => import('./pages/user-detail-page'), 'UserDetailPage'),
});

const apiKeysRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/api-keys',
  component: lazyRouteComponent(() => import('./pages/api-keys-page'), 'ApiKeysPage'),
});

const oidcClientsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/oidc-clients',
  component: lazyRouteComponent(() => import('./pages/oidc-clients-page'), 'OidcClientsPage'),
});

const domainsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/domains',
  component: lazyRouteComponent(() => import('./pages/domains-page'), 'DomainsPage'),
});

const teamsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/teams',
  component: lazyRouteComponent(() => import('./pages/teams-page'), 'TeamsPage'),
});

const teamRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/teams/$teamId',
  component: lazyRouteComponent(() => import('./pages/team-detail-page'), 'TeamDetailPage'),
});

const permissionsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/permissions',
  component: lazyRouteComponent(() => import('./pages/permissions-page'), 'PermissionsPage'),
});

const signInMethodsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/sign-in-methods',
  component: lazyRouteComponent(() => import('./pages/sign-in-methods-page'), 'SignInMethodsPage'),
});

const webhooksRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/webhooks',
  component: lazyRouteComponent(() => import('./pages/webhooks-page'), 'WebhooksPage'),
});

const emailsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/emails',
  component: lazyRouteComponent(() => import('./pages/emails-page'), 'EmailsPage'),
});

const auditLogRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/audit-log',
  component: lazyRouteComponent(() => import('./pages/audit-log-page'), 'AuditLogPage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/settings',
  component: lazyRouteComponent(() => import('./pages/settings-page'), 'SettingsPage'),
});

const routeTree = rootRoute.addChildren([
  projectsRoute,
  projectRoute.addChildren([projectIndexRoute, overviewRoute, usersRoute, userRoute, teamsRoute, teamRoute, permissionsRoute, signInMethodsRoute, apiKeysRoute, oidcClientsRoute, domainsRoute, emailsRoute, webhooksRoute, auditLogRoute, settingsRoute]),
]);

export const consoleRouter = createRouter({ routeTree, basepath: consoleBasePath, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof consoleRouter;
  }
}
