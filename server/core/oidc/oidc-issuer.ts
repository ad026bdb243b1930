// Where a project's OpenID Provider lives: `{public URL}/api/v1/projects/{id}/oidc`. One issuer
// per project, since each project has its own users and signing keys; every endpoint sits under
// it, so a relying party needs only the issuer to discover the rest.
import type { Context } from '../storage/context';
import { instanceBaseUrl } from '../projects/instance-url';

export function oidcIssuer(ctx: Context, projectId: string): string {
  return `${instanceBaseUrl(ctx)}/api/v1/projects/${encodeURIComponent(projectId)}/oidc`;
}

export function oidcIssuerPath(projectId: string): string {
  return `/api/v1/projects/${encodeURIComponent(projectId)}/oidc`;
}
