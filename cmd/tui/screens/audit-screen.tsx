// The project's audit log, newest first and refreshed every second: ↑↓ pick an event to see its
// details; f filters by event type or user id (prefixes of a type, e.g. "sign_in"), r refreshes.
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { listAuditEvents } from '../../../server/core/audit/audit-log';
import { auditEventTypes, type AuditEventView } from '../../../server/protocol/audit-schemas';
import { useLoaded } from '../use-loaded';
import { useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { TextField } from '../text-field';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A typed filter: a user id, or the event types starting with it ("sign_in" → both sign-in types). */
export function auditFilterOf(text: string): { user_id?: string; type?: string[] } | 'unknown' {
  const typed = text.trim();
  if (typed === '') return {};
  if (uuidPattern.test(typed)) return { user_id: typed.toLowerCase() };
  const types = auditEventTypes.filter((type) => type.startsWith(typed));
  return types.length > 0 ? { type: types } : 'unknown';
}

function row(event: AuditEventView): string {
  const time = new Date(event.occurred_at_millis).toISOString().slice(5, 19).replace('T', ' ');
  const actor = event.actor.type.padEnd(6);
  return `${time} ${event.type.padEnd(28).slice(0, 28)} ${actor} ${(event.user_id ?? '-').slice(0, 8)} ${event.ip ?? ''}`;
}

export function AuditScreen({ projectId }: { projectId: string }) {
  const { ctx, say } = useNavigation();
  const [filterText, setFilterText] = useState('');
  const [editing, setEditing] = useState(false);
  const [tick, setTick] = useState(0);
  // Events written by serve or the CLI meanwhile appear without a key press.
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const filter = auditFilterOf(filterText);
  const events =
    useLoaded(
      async () => (filter === 'unknown' ? [] : (await listAuditEvents(ctx, projectId, { ...filter, limit: 200 })).items),
      [projectId, filterText, tick],
    ) ?? [];
  const selected = useSelection(events.length, !editing);
  useInput(
    (input) => {
      if (input === 'f') setEditing(true);
      if (input === 'r') setTick((n) => n + 1);
    },
    { isActive: !editing },
  );
  useHelp('↑↓ move · f filter by type or user id · r refresh');
  const chosen = events[selected];
  return (
    <Box flexDirection="column">
      <Text dimColor>{filterText ? `Filter: ${filterText}` : 'All events, newest first'}</Text>
      {editing ? (
        <TextField
          label="Event type (or its start, e.g. sign_in) or user id"
          initial={filterText}
          onCancel={() => setEditing(false)}
          onSubmit={(text) => {
            if (auditFilterOf(text) === 'unknown') {
              say(`No event type starts with "${text.trim()}".`, 'error');
              return;
            }
            setFilterText(text.trim());
            setEditing(false);
          }}
        />
      ) : null}
      <ListRows items={events} selected={selected} empty="No audit events." limit={12} row={row} />
      {chosen ? (
        <Box flexDirection="column" marginTop={1}>
          <Text>
            {chosen.type} · by {chosen.actor.type}
            {chosen.actor.id ? ` ${chosen.actor.id}` : ''} · user {chosen.user_id ?? '-'}
          </Text>
          <Text dimColor>
            from {chosen.ip ?? 'no address'} {chosen.user_agent ? `· ${chosen.user_agent}` : ''}
          </Text>
          {Object.keys(chosen.details).length > 0 ? <Text>{JSON.stringify(chosen.details)}</Text> : null}
        </Box>
      ) : null}
    </Box>
  );
}
