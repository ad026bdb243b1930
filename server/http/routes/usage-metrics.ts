// /internal/metrics: a project's usage figures for its admins.
import { noQueryParameters } from '../../protocol/wire-object';
import type { Context } from '../../core/storage/context';
import { requireAccess } from '../../core/credentials/callers';
import { readUsageMetrics } from '../../core/users/usage-metrics';
import type { ApiApp } from '../api-app';

export function usageMetricsRoutes(app: ApiApp, ctx: Context) {
  return app.get('/internal/metrics', async ({ auth }) => await readUsageMetrics(ctx, requireAccess(auth, 'admin').projectId), {
    query: noQueryParameters,
  });
}
