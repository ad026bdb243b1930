// Users: search as you type (/ starts the search; the list follows every key), Enter opens one,
// n creates one by email (through core's createUser, as the API's POST /users does) and opens it.
import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import { createUser } from '../../../server/core/accounts/new-accounts';
import { listUsers } from '../../../server/core/users/users';
import { userCreateSchema } from '../../../server/protocol/user-schemas';
import { parseWithSchema } from '../../cli-support';
import { useReloadable } from '../use-loaded';
import { useAction, useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { TextField } from '../text-field';
import { UserScreen } from './user-screen';

export function UsersScreen({ projectId }: { projectId: string }) {
  const { ctx, push } = useNavigation();
  const act = useAction();
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<'list' | 'search' | 'create'>('list');
  const [page, reload] = useReloadable(
    () => listUsers(ctx, projectId, { query: query || undefined, limit: 50, order_by: 'signed_up_at', desc: true }),
    [projectId, query],
  );
  const users = page?.items ?? [];
  const open = (user: { id: string; primary_email: string | null }) =>
    push({ title: user.primary_email ?? user.id, element: <UserScreen projectId={projectId} userId={user.id} /> });
  const selected = useSelection(users.length, mode === 'list', (index) => open(users[index]!));
  useInput(
    (input) => {
      if (input === '/') setMode('search');
      if (input === 'n') setMode('create');
    },
    { isActive: mode === 'list' },
  );
  useHelp('/ search · ↑↓ move · Enter open · n new user');

  return (
    <Box flexDirection="column">
      {mode === 'search' ? (
        <TextField
          label="Search"
          initial={query}
          onChange={setQuery}
          onSubmit={() => setMode('list')}
          onCancel={() => setMode('list')}
        />
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
      {mode === 'create' ? (
        <TextField
          label="New user's email"
          onCancel={() => setMode('list')}
          onSubmit={(email) =>
            void act(async () => {
              // As `authd users create --email`: the address is how the new user signs in; a
              // password is set on the user's screen (p) or by a reset the user asks for.
              const input = parseWithSchema(
                userCreateSchema,
                { primary_email: email.trim(), primary_email_auth_enabled: true },
                { primary_email: 'email' },
              );
              const user = await createUser(ctx, projectId, input);
              setMode('list');
              reload();
              open(user);
            }, `User ${email.trim()} created.`)
          }
        />
      ) : null}
    </Box>
  );
}
