// The address the instance is reached at, for links it hands out (the OIDC issuer, impersonation links).
import type { Context } from '../storage/context';

/** The instance's base URL: the configured public URL, else where this process listens. */
export function instanceBaseUrl(ctx: Context): string {
  return (ctx.settings.publicUrl ?? ctx.listeningUrl ?? 'http://localhost:8102').replace(/\/+$/, '');
}
