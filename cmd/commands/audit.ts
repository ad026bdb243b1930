// `authd audit`: a project's audit log, newest first, with the API's filters; `--follow` then
// prints new events as they are written (by `serve` or other commands on the same data) until
// interrupted.
import { Command } from 'commander';
import { auditEventsAfter, listAuditEvents } from '../../server/core/audit/audit-log';
import { auditListQuery, type AuditEventView } from '../../server/protocol/audit-schemas';
import { CliError, parseWithSchema, projectCommand, withProject, type ProjectOption } from '../cli-support';
import { printJson, printLine } from '../cli-output';

interface AuditOptions extends ProjectOption {
  user?: string;
  type?: string;
  since?: string;
  until?: string;
  limit?: string;
  cursor?: string;
  follow?: boolean;
}

const followPollMillis = 500;
const relativeTime = /^(\d+)([smhd])$/;
const unitMillis = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "2026-11-24", an ISO time, or a span back from now ("15m", "2h", "7d"), as milliseconds. */
export function parseAuditTime(flag: string, text: string, now: number): string {
  const relative = relativeTime.exec(text);
  if (relative) return String(now - Number(relative[1]) * unitMillis[relative[2] as keyof typeof unitMillis]);
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed))
    throw new CliError(
      `${flag} must be a date or time (2026-11-24, 2026-11-24T10:00Z) or a span back from now (15m, 2h, 7d), not "${text}"`,
    );
  return String(parsed);
}

export function formatAuditEvent(event: AuditEventView): string {
  const actor = event.actor.id ? `${event.actor.type}:${event.actor.id}` : event.actor.type;
  const details = Object.keys(event.details).length > 0 ? `  ${JSON.stringify(event.details)}` : '';
  const from = [event.ip, event.user_agent && `"${event.user_agent}"`].filter(Boolean).join(' ');
  return `${new Date(event.occurred_at_millis).toISOString()}  ${event.type.padEnd(30)} user ${event.user_id ?? '-'}  by ${actor}${from ? `  from ${from}` : ''}${details}`;
}

export function auditCommand(): Command {
  return projectCommand('audit')
    .description('the audit log of a project, newest first (--follow: then new events as they happen)')
    .option('--user <user-id>', 'only events about this user')
    .option('--type <types>', 'only these event types, comma-separated (e.g. sign_in.failed,password.changed)')
    .option('--since <time>', 'from this time: a date, an ISO time, or a span back from now (15m, 2h, 7d)')
    .option('--until <time>', 'up to this time (same forms)')
    .option('--limit <n>', 'how many events (1-1000, default 100)')
    .option('--cursor <id>', 'the next page: the next_cursor of the previous --json output')
    .option('--follow', 'keep printing new events until interrupted (Ctrl-C)')
    .action((options: AuditOptions) =>
      withProject(options, async (ctx, projectId) => {
        const now = ctx.clock.now();
        const filter = parseWithSchema(
          auditListQuery,
          {
            ...(options.user !== undefined && { user_id: options.user }),
            ...(options.type !== undefined && { type: options.type }),
            ...(options.since !== undefined && { since: parseAuditTime('--since', options.since, now) }),
            ...(options.until !== undefined && { until: parseAuditTime('--until', options.until, now) }),
            ...(options.limit !== undefined && { limit: options.limit }),
            ...(options.cursor !== undefined && { cursor: options.cursor }),
          },
          { user_id: '--user', type: '--type', since: '--since', until: '--until', limit: '--limit', cursor: '--cursor' },
        );
        const page = await listAuditEvents(ctx, projectId, filter);
        if (options.json && !options.follow) return printJson(page);
        // Oldest first on screen, so the newest line is nearest the prompt, as with a log file.
        for (const event of [...page.items].reverse()) printLine(options.json ? JSON.stringify(event) : formatAuditEvent(event));
        if (!options.follow) {
          if (page.items.length === 0) printLine('No audit events.');
          return;
        }
        let lastId = Number(page.items[0]?.id ?? 0);
        const { until: _until, ...followFilter } = filter;
        await new Promise<void>((resolve, reject) => {
          const printNewEvents = async () => {
            for (const event of await auditEventsAfter(ctx, projectId, lastId, followFilter)) {
              printLine(options.json ? JSON.stringify(event) : formatAuditEvent(event));
              lastId = Number(event.id);
            }
          };
          // A failing read ends the command with its error, as it did when the read was synchronous.
          const timer = setInterval(() => void printNewEvents().catch(fail), followPollMillis);
          const stop = () => {
            clearInterval(timer);
            resolve();
          };
          const fail = (error: unknown) => {
            clearInterval(timer);
            reject(error);
          };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      }),
    );
}
