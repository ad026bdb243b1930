// The audit log on the wire: its event types, the list query and an event's view.
import * as v from 'valibot';
import { wireObject } from './wire-object';

export const auditEventTypes = [
  'user.created',
  'user.deleted',
  'user.banned',
  'user.unbanned',
  'impersonation.started',
  'sign_in.succeeded',
  'sign_in.failed',
  'sign_out',
  'password.changed',
  'password.removed',
  'email.added',
  'email.changed',
  'email.removed',
  'email.verified',
  'mfa.enabled',
  'mfa.disabled',
  'mfa.recovery_codes_made',
  'passkey.added',
  'passkey.removed',
  'session.revoked',
  'session.reauthenticated',
  'api_keys.created',
  'api_keys.revoked',
  'project.updated',
  'permission.granted',
  'permission.revoked',
  'permission_definition.created',
  'permission_definition.updated',
  'permission_definition.deleted',
] as const;
export type AuditEventType = (typeof auditEventTypes)[number];

const millisParam = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}$/, 'Must be a time in milliseconds since 1970'),
  v.transform(Number),
);

export const auditListQuery = wireObject({
  user_id: v.optional(v.pipe(v.string(), v.uuid('Must be a UUID'))),
  /** One type or a comma-separated list (which the router may already have split). */
  type: v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], 'Must be one or more event types, comma-separated'),
      v.transform((given) => (Array.isArray(given) ? given : [given]).flatMap((text) => text.split(',')).map((part) => part.trim())),
      v.check(
        (types) => types.every((type) => (auditEventTypes as readonly string[]).includes(type)),
        `Must be one or more of ${auditEventTypes.join(', ')} (comma-separated)`,
      ),
    ),
  ),
  since: v.optional(millisParam),
  until: v.optional(millisParam),
  /** The `next_cursor` of the previous page: events older than it. */
  cursor: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Must be a next_cursor from an earlier page'), v.transform(Number))),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'Must be a whole number from 1 to 1000'), v.transform(Number), v.minValue(1), v.maxValue(1000)),
  ),
});
export type AuditListFilter = v.InferOutput<typeof auditListQuery>;

export interface AuditEventView {
  id: string;
  occurred_at_millis: number;
  type: AuditEventType;
  actor: { type: string; id: string | null };
  user_id: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

export const auditEventView = v.object({
  id: v.string(),
  occurred_at_millis: v.number(),
  type: v.picklist(auditEventTypes),
  actor: v.object({ type: v.string(), id: v.nullable(v.string()) }),
  user_id: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  user_agent: v.nullable(v.string()),
  details: v.record(v.string(), v.unknown()),
});
