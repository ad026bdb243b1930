// Webhooks: endpoints (n adds one and shows its secret once, d removes), Enter for an
// endpoint's delivery log, where t retries the selected delivery now.
import { Box, Text, useInput } from 'ink';
import { listWebhookDeliveries, retryWebhookDelivery } from '../../../server/core/webhooks/webhook-delivery-log';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from '../../../server/core/webhooks/webhook-endpoints';
import { EditableListView, useEditableList } from '../editable-list';
import { useReloadable } from '../use-loaded';
import { useAction, useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';

export function WebhooksScreen({ projectId }: { projectId: string }) {
  const { ctx, push, say } = useNavigation();
  const act = useAction();
  const endpoints = useEditableList(() => listWebhookEndpoints(ctx, projectId), [projectId], (endpoint) =>
    push({ title: endpoint.url, element: <DeliveriesScreen projectId={projectId} endpointId={endpoint.id} /> }),
  );
  useHelp('↑↓ move · Enter deliveries · n add endpoint · d remove');
  return (
    <EditableListView
      list={endpoints}
      empty="No endpoints."
      row={(e) => `${e.url.padEnd(48).slice(0, 48)} ${e.description}`}
      create={{
        label: 'Endpoint URL',
        submit: (url) =>
          act(async () => {
            const created = await createWebhookEndpoint(ctx, projectId, { url: url.trim() });
            say(`Endpoint added. Its signing secret, shown once: ${created.secret}`);
            endpoints.setMode('list');
          }),
      }}
      remove={{
        question: (endpoint) => `Remove ${endpoint.url} with its deliveries?`,
        change: (endpoint) => deleteWebhookEndpoint(ctx, projectId, endpoint.id),
        done: 'Endpoint removed.',
      }}
    />
  );
}

function DeliveriesScreen({ projectId, endpointId }: { projectId: string; endpointId: string }) {
  const { ctx } = useNavigation();
  const act = useAction();
  const [deliveriesLoaded, reload] = useReloadable(() => listWebhookDeliveries(ctx, projectId, endpointId, { limit: 50 }), [projectId, endpointId]);
  const deliveries = deliveriesLoaded ?? [];
  const selected = useSelection(deliveries.length, true);
  useInput((input) => {
    if (input === 't' && deliveries[selected]) {
      void act(async () => {
        try {
          const result = await retryWebhookDelivery(ctx, projectId, deliveries[selected]!.id);
          if (result.status !== 'succeeded') throw new Error(`still ${result.status}: ${result.last_error ?? result.last_status_code}`);
        } finally {
          // A failed attempt is in the log too.
          reload();
        }
      }, 'Delivered.');
    }
  });
  useHelp('↑↓ move · t retry now');
  const chosen = deliveries[selected];
  return (
    <Box flexDirection="column">
      <ListRows
        items={deliveries}
        selected={selected}
        empty="No deliveries yet."
        limit={10}
        row={(d) => `${new Date(d.created_at_millis).toISOString().slice(0, 19)} ${d.event_type.padEnd(24)} ${d.status.padEnd(9)} ${d.attempts} attempt(s)`}
      />
      {chosen
        ? chosen.attempt_log.map((attempt) => (
            <Text key={attempt.attempt} dimColor>
              #{attempt.attempt} {new Date(attempt.attempted_at_millis).toISOString().slice(0, 19)} {attempt.status_code ?? attempt.error}
            </Text>
          ))
        : null}
    </Box>
  );
}
