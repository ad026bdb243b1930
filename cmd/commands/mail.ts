// `authd mail`: the emails authd queued, newest first, with their delivery state. In
// development without SMTP this is where sign-up and reset links can be read.
import { Command } from 'commander';
import { listEmailMessages } from '../../server/core/email/email-queue';
import { requireProjectRow } from '../../server/core/projects/projects';
import { parseCount, withCommonOptions, withContext, type CommonOptions } from '../cli-support';
import { printJson, printLine } from '../cli-output';

export function mailCommand(): Command {
  return withCommonOptions(new Command('mail'))
    .description('list queued, sent, failed and development (outbox) emails, newest first')
    .option('--to <email>', 'only emails to this address')
    .option('--project <id>', "only this project's emails")
    .option('--outbox', 'only the development outbox: emails kept instead of sent, as the console shows them')
    .option('--limit <n>', 'how many', '20')
    .action((options: CommonOptions & { to?: string; project?: string; outbox?: boolean; limit: string }) =>
      withContext(options, async (ctx) => {
        // A mistyped --project would otherwise read as "No emails.".
        if (options.project !== undefined) await requireProjectRow(ctx.db, options.project);
        const messages = await listEmailMessages(ctx, {
          recipient: options.to,
          projectId: options.project,
          status: options.outbox ? 'outbox' : undefined,
          limit: parseCount('--limit', options.limit),
        });
        if (options.json) {
          return printJson({
            items: messages.map((m) => ({
              id: m.id,
              project_id: m.projectId,
              recipient: m.recipient,
              subject: m.subject,
              text: m.text,
              status: m.status,
              attempts: m.attempts,
              last_error: m.lastError,
              created_at_millis: m.createdAt,
              sent_at_millis: m.sentAt,
            })),
          });
        }
        if (messages.length === 0) printLine('No emails.');
        for (const m of messages) {
          printLine(`${new Date(m.createdAt).toISOString()}  ${m.status.padEnd(7)}  to ${m.recipient}  "${m.subject}"`);
          for (const link of m.text.match(/https?:\/\/\S+/g) ?? []) printLine(`    ${link}`);
          if (m.lastError) printLine(`    last error (attempt ${m.attempts}): ${m.lastError}`);
        }
      }),
    );
}
