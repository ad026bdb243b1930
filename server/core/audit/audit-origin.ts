// Who is acting and from where, for the audit log, without threading it through every core
// function: the HTTP server opens an origin per request (its address and user agent, then the
// caller once authenticated), the CLI and TUI one per run. Work with no origin (the background
// worker) is the system's.
import { AsyncLocalStorage } from 'node:async_hooks';

export type AuditActorType = 'client' | 'server' | 'admin' | 'cli' | 'system';

export interface AuditOrigin {
  actorType: AuditActorType;
  actorId: string | null;
  /** Read lazily: working out a proxied client address is only needed when something is recorded. */
  ip(): string | null;
  userAgent: string | null;
}

const systemOrigin: AuditOrigin = { actorType: 'system', actorId: null, ip: () => null, userAgent: null };
const originOfThisWork = new AsyncLocalStorage<AuditOrigin>();

export function withAuditOrigin<T>(origin: AuditOrigin, work: () => T): T {
  return originOfThisWork.run(origin, work);
}

export function currentAuditOrigin(): AuditOrigin {
  return originOfThisWork.getStore() ?? systemOrigin;
}

/** Names the caller of the request being answered, once its keys and token are checked. */
export function setAuditActor(actorType: AuditActorType, actorId: string | null): void {
  const origin = originOfThisWork.getStore();
  if (!origin) return;
  origin.actorType = actorType;
  origin.actorId = actorId;
}
