// The audit log: each recorded event names its type, the account it concerns, the actor and
// where the call came from (audit-origin.ts), and a few details (never secrets). Callers record
// inside the transaction of the change, so an event exists exactly when its change does. Read
// newest first, a page at a time; pruned by each project's retention.
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { auditEvents, projects } from '../storage/tables';
import type { AuditEventType, AuditEventView, AuditListFilter } from '../../protocol/audit-schemas';
import type { Db } from '../../../db/connection';
import type { Context } from '../storage/context';
import { writeTransaction } from '../storage/transactions';
import { prepared } from '../storage/prepared-queries';
import type { BackgroundWorker } from '../storage/background-worker';
import { deleteInBatches, startPeriodicPruning } from '../storage/batched-pruning';
import { currentAuditOrigin } from './audit-origin';

export interface AuditEventInput {
  projectId: string;
  type: AuditEventType;
  /** The account the event is about, when there is one. */
  userId?: string | null;
  details?: Record<string, unknown>;
}

// Prepared once: a sign-up records two events, and building the insert each time cost more than
// running it. The placeholders still go through the columns' encoders (details as JSON).
const insertAuditEvent = (db: Db) =>
  db
    .insert(auditEvents)
    .values({
      projectId: sql.placeholder('projectId'),
      occurredAt: sql.placeholder('occurredAt'),
      type: sql.placeholder('type'),
      actorType: sql.placeholder('actorType'),
      actorId: sql.placeholder('actorId'),
      subjectUserId: sql.placeholder('subjectUserId'),
      ip: sql.placeholder('ip'),
      userAgent: sql.placeholder('userAgent'),
      details: sql.placeholder('details'),
    })
    .prepare();

/**
 * The User-Agent is stored cut to this length: it is the caller's to choose, and failed sign-ins
 * are recorded for callers nobody has authenticated (a 12 KB header was stored whole). Real
 * browsers' strings are a few hundred characters.
 */
export const maxStoredUserAgentLength = 512;

/**
 * Records the event inside the caller's transaction when one is open (the statement is prepared on
 * that transaction's connection, so it commits or rolls back with the change), else in its own.
 */
export async function recordAuditEvent(ctx: Context, event: AuditEventInput): Promise<void> {
  const origin = currentAuditOrigin();
  await writeTransaction(ctx, () =>
    prepared(ctx, insertAuditEvent).run({
      projectId: event.projectId,
      occurredAt: ctx.clock.now(),
      type: event.type,
      actorType: origin.actorType,
      actorId: origin.actorId,
      subjectUserId: event.userId ?? null,
      ip: origin.ip(),
      userAgent: origin.userAgent?.slice(0, maxStoredUserAgentLength) ?? null,
      details: event.details ?? {},
    }),
  );
}

export const defaultAuditPageSize = 100;

export async function listAuditEvents(
  ctx: Context,
  projectId: string,
  filter: AuditListFilter,
): Promise<{ items: AuditEventView[]; is_paginated: true; pagination: { next_cursor: string | null } }> {
  const limit = filter.limit ?? defaultAuditPageSize;
  const conditions = filterConditions(projectId, filter);
  if (filter.cursor !== undefined) conditions.push(lt(auditEvents.id, filter.cursor));
  // One more than the page tells whether another page follows.
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: page.map(eventView),
    is_paginated: true,
    pagination: { next_cursor: rows.length > limit ? String(page[page.length - 1]!.id) : null },
  };
}

/** Events written after `afterId`, oldest first: what `authd audit --follow` prints as they come. */
export async function auditEventsAfter(
  ctx: Context,
  projectId: string,
  afterId: number,
  filter: AuditListFilter,
): Promise<AuditEventView[]> {
  return (
    await ctx.db
      .select()
      .from(auditEvents)
      .where(and(...filterConditions(projectId, filter), gt(auditEvents.id, afterId)))
      .orderBy(asc(auditEvents.id))
      .limit(1000)
  ).map(eventView);
}

function filterConditions(projectId: string, filter: AuditListFilter): SQL[] {
  const conditions: SQL[] = [eq(auditEvents.projectId, projectId)];
  if (filter.user_id) conditions.push(eq(auditEvents.subjectUserId, filter.user_id));
  if (filter.type) conditions.push(inArray(auditEvents.type, filter.type));
  if (filter.since !== undefined) conditions.push(gte(auditEvents.occurredAt, filter.since));
  if (filter.until !== undefined) conditions.push(lte(auditEvents.occurredAt, filter.until));
  return conditions;
}

function eventView(row: typeof auditEvents.$inferSelect): AuditEventView {
  return {
    id: String(row.id),
    occurred_at_millis: row.occurredAt,
    type: row.type as AuditEventType,
    actor: { type: row.actorType, id: row.actorId },
    user_id: row.subjectUserId,
    ip: row.ip,
    user_agent: row.userAgent,
    details: (row.details ?? {}) as Record<string, unknown>,
  };
}

/**
 * Deletes each project's events older than its retention (0 keeps everything), in batches so a
 * large backlog does not hold the write lock for long. Returns how many went.
 */
export async function pruneAuditEvents(ctx: Context, batchSize = 5_000): Promise<number> {
  const now = ctx.clock.now();
  let pruned = 0;
  const retentions = await ctx.db.select({ id: projects.id, days: projects.auditLogRetentionDays }).from(projects);
  for (const { id, days } of retentions) {
    if (days <= 0) continue;
    const cutoff = now - days * 24 * 60 * 60 * 1000;
    pruned += await deleteInBatches(
      ctx,
      batchSize,
      async (tx) =>
        (
          await tx
            .delete(auditEvents)
            .where(
              inArray(
                auditEvents.id,
                sql`(select ${auditEvents.id} from ${auditEvents} where ${auditEvents.projectId} = ${id} and ${auditEvents.occurredAt} < ${cutoff} limit ${batchSize})`,
              ),
            )
            .returning({ id: auditEvents.id })
        ).length,
    );
  }
  return pruned;
}

/** `serve` prunes at start and then hourly. */
export function startAuditPruning(ctx: Context): BackgroundWorker {
  return startPeriodicPruning(ctx, 'audit log pruning', 60 * 60 * 1000, pruneAuditEvents);
}
