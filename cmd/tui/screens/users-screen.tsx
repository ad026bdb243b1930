// Users: search as you type (/ starts the search; the list follows every key), Enter opens one.
import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import { listUsers } from '../../../server/core/users/users';
import { useLoaded } from '../use-loaded';
import { useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { TextField } from '../text-field';
import { UserScreen } from './user-screen';

export function UsersScreen({ projectId }: { projectId: string }) {
  const { ctx, push } = useNavigation();
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const page = useLoaded(() => listUsers(ctx, projectId, { query: query || undefined, limit: 50, order_by: 'signed_up_at', desc: true }), [projectId, query]);
  const users = page?.items ?? [];
  const selected = useSelection(users.length, !searching, (index) =>
    push({ title: users[index]!.primary_email ?? users[index]!.id, element: <UserScreen projectId={projectId} userId={users[index]!.id} /> }),
  );
  useInput((input) => input === '/' && setSearching(true), { isActive: !searching });
  useHelp('/ search · ↑↓ move · Enter open');

  return (
    <Box flexDirection="column">
      {searching ? (
        <TextField label="Search" initial={query} onChange={setQuery} onSubmit={() => setSearching(false)} onCancel={() => setSearching(false)} />
      ) : (
        <Text dimColor>{query ? `Search: ${query}` : 'Press / to search by email, name or id'}</Text>
      )}
      <ListRows
        items={users}
        selected={selected}
        empty={query ? `No user matches "${query}".` : 'No users yet.'}
        row={(user) =>
          `${(user.primary_email ?? '(no email)').padEnd(34).slice(0, 34)} ${(user.display_name ?? '').padEnd(20).slice(0, 20)} ${user.id}`
        }
      />
    </Box>
  );
}
