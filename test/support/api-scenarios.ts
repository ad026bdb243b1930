// API scenarios as table rows (after PocketBase's ApiScenario): one request per row with the
// expected status, known error, webhook events queued and audit types written, each checked
// exactly, so a refused call is seen to fire nothing and record nothing.
import { expect, test } from 'bun:test';
import type { BootstrappedProject } from '../../server/core/projects/bootstrap';
import { call, expectKnownError, expectTextError, type CallInit } from './api-expectations';
import type { ApiResult, TestInstance } from './instance';

export interface ScenarioRequest extends CallInit {
  method: string;
  /** Under /api/v1. */
  path: string;
}

export interface ApiScenario {
  name: string;
  /** Built when the row runs, after the file's setup, so it may use the users and ids made there. */
  request: () => ScenarioRequest | Promise<ScenarioRequest>;
  status: number;
  /** The X-Stack-Known-Error code of the answer; a row without it expects no known error. */
  knownError?: string;
  /** The details of the known error, when the row names them (a function for ids made in setup). */
  details?: Record<string, unknown> | (() => Record<string, unknown>);
  /** A plain-text error answer (Stack's status errors), checked with its text. */
  errorText?: string;
  /**
   * Webhook event types the call queues in the project (only projects with an endpoint queue any);
   * none when absent. Compared sorted: events of one call share a millisecond and have random ids.
   */
  webhooks?: string[];
  /** Audit event types the call writes in the project, in order; none when absent. */
  audit?: string[];
  /** A read that must answer the same before and after the call: a refused write changes nothing. */
  unchanged?: () => Promise<unknown>;
  /** Further checks on the answer. */
  check?: (res: ApiResult) => void | Promise<void>;
}

/** What the rows run against, read when each runs (the file's beforeAll sets it). */
export type ScenarioTarget = () => { t: TestInstance; project: BootstrappedProject };

async function latestIds(t: TestInstance, projectId: string): Promise<{ audit: number; webhookIds: Set<string> }> {
  const [row] = await t.rows('select max(id) as id from audit_events where project_id = ?', projectId);
  const events = await t.rows('select id from webhook_events where project_id = ?', projectId);
  return { audit: Number(row?.id ?? 0), webhookIds: new Set(events.map((e) => String(e.id))) };
}

async function writtenSince(t: TestInstance, projectId: string, before: { audit: number; webhookIds: Set<string> }) {
  const audit = await t.rows(
    'select type from audit_events where project_id = ? and id > ? order by id',
    projectId,
    before.audit,
  );
  const events = await t.rows('select id, type from webhook_events where project_id = ?', projectId);
  return {
    audit: audit.map((r) => String(r.type)),
    webhooks: events
      .filter((e) => !before.webhookIds.has(String(e.id)))
      .map((e) => String(e.type))
      .sort(),
  };
}

/** Runs one scenario and checks every column; returns the answer for a caller with more to check. */
export async function runApiScenario(target: ScenarioTarget, scenario: ApiScenario): Promise<ApiResult> {
  const { t, project } = target();
  const { method, path, ...init } = await scenario.request();
  const stateBefore = await scenario.unchanged?.();
  const before = await latestIds(t, project.projectId);
  const res = await call(t, method, path, init);
  if (scenario.knownError !== undefined) {
    const details = typeof scenario.details === 'function' ? scenario.details() : scenario.details;
    expectKnownError(res, scenario.status, scenario.knownError, details);
  } else if (scenario.errorText !== undefined) expectTextError(res, scenario.status, scenario.errorText);
  else {
    expect(`${res.status} ${res.text.slice(0, 300)}`).toStartWith(`${scenario.status} `);
    expect(res.headers.get('x-stack-known-error')).toBeNull();
  }
  expect(await writtenSince(t, project.projectId, before)).toEqual({
    audit: scenario.audit ?? [],
    webhooks: [...(scenario.webhooks ?? [])].sort(),
  });
  if (scenario.unchanged) expect(await scenario.unchanged()).toEqual(stateBefore);
  await scenario.check?.(res);
  return res;
}

/** One test per row; a name without an arrow gets the expected answer appended. */
export function apiScenarios(target: ScenarioTarget, scenarios: ApiScenario[]): void {
  for (const scenario of scenarios) {
    const expected = scenario.knownError ?? scenario.errorText ?? 'no error';
    const name = scenario.name.includes('→') ? scenario.name : `${scenario.name} → ${scenario.status} ${expected}`;
    test(name, async () => {
      await runApiScenario(target, scenario);
    });
  }
}
