// The emails authd queued (the development outbox included), newest first, with their links.
import { Box, Text } from 'ink';
import { listEmailMessages } from '../../../server/core/email/email-queue';
import { useLoaded } from '../use-loaded';
import { useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';

export function OutboxScreen() {
  const { ctx } = useNavigation();
  const messages = useLoaded(() => listEmailMessages(ctx, { limit: 50 }), []) ?? [];
  const selected = useSelection(messages.length, true);
  useHelp('↑↓ move');
  const chosen = messages[selected];
  return (
    <Box flexDirection="column">
      <ListRows
        items={messages}
        selected={selected}
        empty="No emails yet."
        limit={10}
        row={(m) => `${new Date(m.createdAt).toISOString().slice(0, 16)} ${m.status.padEnd(7)} ${m.recipient.padEnd(30).slice(0, 30)} ${m.subject}`}
      />
      {chosen ? (
        <Box flexDirection="column" marginTop={1}>
          {(chosen.text.match(/https?:\/\/\S+/g) ?? []).map((link) => (
            <Text key={link} color="cyan">
              {link}
            </Text>
          ))}
          {chosen.lastError ? <Text color="red">last error: {chosen.lastError}</Text> : null}
        </Box>
      ) : null}
    </Box>
  );
}
