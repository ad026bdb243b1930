// `authd webhooks add|list|remove|deliveries|retry`: a project's webhook endpoints and their
// delivery log, through the same core functions as the management API. Deliveries themselves
// are made by a running `authd serve`, which picks up what the CLI queues.
import { Command } from 'commander';
import { idDestructiveCommand, idListCommand } from '../id-argument-commands';
import {
  listWebhookDeliveries,
  retryWebhookDelivery,
  type WebhookDeliveryView,
} from '../../server/core/webhooks/webhook-delivery-log';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from '../../server/core/webhooks/webhook-endpoints';
import { CliError, parseUuids, projectCommand, withProject, type ProjectOption } from '../cli-support';
import { printJson, printLine, printList } from '../cli-output';

export function webhooksCommand(): Command {
  const webhooksCmd = new Command('webhooks').description("manage a project's webhook endpoints and see their deliveries");

  webhooksCmd.addCommand(
    projectCommand('add')
      .description('add an endpoint; its signing secret (whsec_…) is printed once')
      .requiredOption('--url <url>', 'http(s) URL that receives the events')
      .option('--description <text>', 'what the endpoint is for')
      .action((options: ProjectOption & { url: string; description?: string }) =>
        withProject(options, async (ctx, projectId) => {
          if (options.description !== undefined && options.description.length > 1000) {
            throw new CliError('--description: Must be at most 1000 characters');
          }
          const endpoint = await createWebhookEndpoint(ctx, projectId, { url: options.url, description: options.description });
          if (options.json) return printJson({ id: endpoint.id, url: endpoint.url, secret: endpoint.secret });
          printLine(`Added webhook endpoint ${endpoint.id} for ${endpoint.url}.`);
          printLine(`Signing secret (shown only this once): ${endpoint.secret}`);
        }),
      ),
  );

  webhooksCmd.addCommand(
    idListCommand({
      description: 'list the endpoints, oldest first',
      ids: [],
      list: (ctx, projectId) => listWebhookEndpoints(ctx, projectId),
      empty: 'No webhook endpoints.',
      line: (e) => `${e.id}  ${e.url}${e.description ? `  (${e.description})` : ''}`,
    }),
  );

  webhooksCmd.addCommand(
    idDestructiveCommand({
      name: 'remove',
      description: 'remove an endpoint with its pending deliveries and delivery log',
      ids: ['endpoint_id'],
      question: (ids) => `Remove webhook endpoint ${ids.endpoint_id} with its deliveries?`,
      change: (ctx, projectId, ids) => deleteWebhookEndpoint(ctx, projectId, ids.endpoint_id),
      done: (ids) => `Removed webhook endpoint ${ids.endpoint_id}.`,
    }),
  );

  webhooksCmd.addCommand(
    projectCommand('deliveries')
      .description("an endpoint's deliveries, newest first, with every attempt's status code or error")
      .option('--limit <n>', 'how many (1 to 200)', '20')
      .argument('<endpoint-id>')
      .action((endpointId: string, options: ProjectOption & { limit: string }) =>
        withProject(options, async (ctx, projectId) => {
          const limit = Number(options.limit);
          if (!/^\d+$/.test(options.limit) || limit < 1 || limit > 200) throw new CliError('--limit: a number from 1 to 200');
          const deliveries = await listWebhookDeliveries(ctx, projectId, parseUuids({ endpoint_id: endpointId }).endpoint_id, {
            limit,
          });
          printList(deliveries, { json: options.json, empty: 'No deliveries.', line: describeDelivery });
        }),
      ),
  );

  webhooksCmd.addCommand(
    projectCommand('retry')
      .description('send a delivery again now and show the result')
      .argument('<delivery-id>')
      .action((deliveryId: string, options: ProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          const delivery = await retryWebhookDelivery(ctx, projectId, parseUuids({ delivery_id: deliveryId }).delivery_id);
          if (options.json) return printJson(delivery);
          printLine(describeDelivery(delivery));
        }),
      ),
  );

  return webhooksCmd;
}

/** A delivery's line, then one indented line for each attempt. */
function describeDelivery(d: WebhookDeliveryView): string {
  const next = d.next_attempt_at_millis === null ? '' : `, next attempt ${new Date(d.next_attempt_at_millis).toISOString()}`;
  const attempts = d.attempt_log.map((a) => {
    const outcome = a.status_code === null ? a.error : `${a.status_code}${a.error ? ` (${a.error})` : ''}`;
    return `    #${a.attempt} ${new Date(a.attempted_at_millis).toISOString()}  ${outcome}`;
  });
  return [`${d.id}  ${d.event_type}  ${d.status} after ${d.attempts} attempt(s)${next}`, ...attempts].join('\n');
}
