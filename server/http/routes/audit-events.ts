// /audit-events: the project's audit log for its admins, newest first, filtered and paged.
import { listAuditEvents } from '../../core/audit/audit-log';
import { requireAccess } from '../../core/credentials/callers';
import type { Context } from '../../core/storage/context';
import { auditListQuery } from '../../protocol/audit-schemas';
import type { ApiApp } from '../api-app';

export function auditEventRoutes(app: ApiApp, ctx: Context) {
  return app.get(
    '/audit-events',
    async ({ auth, query }) => await listAuditEvents(ctx, requireAccess(auth, 'admin').projectId, query),
    {
      query: auditListQuery,
    },
  );
}
