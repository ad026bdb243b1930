// What the route table cannot say about each endpoint: who may call it, what it answers and
// which known errors its core functions raise. Request schemas are NOT here: the OpenAPI
// document reads them from the routes themselves. A test fails when a registered route has no
// entry here or an entry names no registered route.
import { authRouteCatalogue } from './route-catalogue-auth';
import { resourceRouteCatalogue } from './route-catalogue-resources';
import type { RouteDescription } from './route-description';
import { svixRouteCatalogue } from './route-catalogue-svix';
import { teamRouteCatalogue } from './route-catalogue-teams';
import { oidcClientRouteCatalogue, oidcRouteCatalogue } from './route-catalogue-oidc';
import { supportRouteCatalogue } from './route-catalogue-support';

export const routeCatalogue: Record<string, RouteDescription> = {
  ...authRouteCatalogue,
  ...resourceRouteCatalogue,
  ...teamRouteCatalogue,
  ...svixRouteCatalogue,
  ...oidcRouteCatalogue,
  ...oidcClientRouteCatalogue,
  ...supportRouteCatalogue,
};
