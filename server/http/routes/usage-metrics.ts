// /internal/metrics: a project's usage figures for its admins (wire §5.17).
import { noQueryParameters } from '../../protocol/wire-object';
import type { Context } from '../../core/context';
import { requireAccess } from '../../core/request-auth';
import { readUsageMetrics } from '../../core/usage-metrics';
import type { ApiApp } from '../api-app';

export function usageMetricsRoutes(app: ApiApp, ctx: Context) {
  return app.get('/internal/metrics', ({ auth }) => readUsageMetrics(ctx, requireAccess(auth, 'admin').projectId), {
    query: noQueryParameters,
  });
}
