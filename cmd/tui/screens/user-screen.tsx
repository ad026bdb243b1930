// One user: the profile, their sessions (↑↓ pick one, r ends it), and the admin actions: edit
// server metadata as JSON (m), set a password (p), turn MFA off (f), sign out everywhere (o),
// delete (d, confirmed).
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { endUserSession, listUserSessions, signOutEverywhere, type UserSessionView } from '../../../server/core/auth/user-sessions';
import { readUserServerView } from '../../../server/core/users/user-views';
import { deleteUser, updateUser } from '../../../server/core/users/users';
import { userUpdateSchema } from '../../../server/protocol/user-schemas';
import { parseWithSchema } from '../../cli-support';
import { afterFirstRead, type LoadedProps } from '../after-first-read';
import { useAction, useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { Confirm, TextField } from '../text-field';
import { ConfirmChange } from '../editable-list';

type Mode = 'view' | 'metadata' | 'password' | 'delete' | 'signout' | 'end-session';

function sessionRow(session: UserSessionView): string {
  const lastUsed = session.last_used_at_millis === null ? 'never used' : `used ${new Date(session.last_used_at_millis).toISOString().slice(0, 16).replace('T', ' ')}`;
  const from = [session.last_used_ip, session.last_used_user_agent].filter(Boolean).join(' · ') || 'unknown device';
  return `${lastUsed.padEnd(22)} ${from.slice(0, 60)}`;
}

export const UserScreen = afterFirstRead(
  (ctx, { projectId, userId }: { projectId: string; userId: string }) =>
    Promise.all([readUserServerView(ctx, projectId, userId), listUserSessions(ctx, projectId, userId)]),
  UserScreenLoaded,
);

function UserScreenLoaded({ projectId, userId, loaded, reload }: LoadedProps<{ projectId: string; userId: string }, [Awaited<ReturnType<typeof readUserServerView>>, Awaited<ReturnType<typeof listUserSessions>>]>) {
  const { ctx, say, pop } = useNavigation();
  const act = useAction();
  const [mode, setMode] = useState<Mode>('view');
  // Read again whenever the screen changes mode, so what serve or the CLI changed meanwhile shows.
  useEffect(reload, [mode, reload]);
  const refresh = reload;
  const [user, sessions] = loaded;
  const selectedSession = useSelection(sessions.length, mode === 'view');
  useInput(
    (input) => {
      if (input === 'r' && sessions[selectedSession]) setMode('end-session');
      if (input === 'm') setMode('metadata');
      if (input === 'p') setMode('password');
      if (input === 'd') setMode('delete');
      if (input === 'o') setMode('signout');
      if (input === 'f') {
        void act(async () => {
          await updateUser(ctx, projectId, userId, { totp_secret_base64: null });
          refresh();
        }, 'Multi-factor sign-in turned off.');
      }
    },
    { isActive: mode === 'view' },
  );
  // The session keys only where there is a session to pick: the line then fits 100 columns.
  useHelp(`${sessions.length > 0 ? '↑↓ r end a session · ' : ''}m metadata · p password · f MFA off · o sign out everywhere · d delete`);

  return (
    <Box flexDirection="column">
      <Text>id               {user.id}</Text>
      <Text>email            {user.primary_email ?? '(none)'} {user.primary_email_verified ? '(verified)' : '(not verified)'}</Text>
      <Text>name             {user.display_name ?? '(none)'}</Text>
      <Text>signed up        {new Date(user.signed_up_at_millis).toISOString()}</Text>
      <Text>password         {user.has_password ? 'set' : 'none'} · MFA {user.requires_totp_mfa ? 'on' : 'off'}</Text>
      <Text>server metadata  {JSON.stringify(user.server_metadata)}</Text>
      <Text>client metadata  {JSON.stringify(user.client_metadata)}</Text>
      <Text bold>Sessions ({sessions.length})</Text>
      <ListRows items={sessions} selected={selectedSession} empty="Not signed in anywhere." limit={8} row={sessionRow} />
      {mode === 'metadata' ? (
        <TextField
          label="Server metadata (JSON)"
          initial={JSON.stringify(user.server_metadata ?? null)}
          onCancel={() => setMode('view')}
          onSubmit={async (text) => {
            let metadata: unknown;
            try {
              metadata = JSON.parse(text);
            } catch {
              say('Invalid JSON format', 'error');
              return;
            }
            await act(async () => {
              await updateUser(ctx, projectId, userId, parseWithSchema(userUpdateSchema, { server_metadata: metadata }));
              setMode('view');
            }, 'Server metadata saved.');
          }}
        />
      ) : null}
      {mode === 'password' ? (
        <TextField
          label="New password"
          masked
          onCancel={() => setMode('view')}
          onSubmit={async (password) => {
            await act(async () => {
              await updateUser(ctx, projectId, userId, parseWithSchema(userUpdateSchema, { password }));
              setMode('view');
            }, 'Password set; the user was signed out everywhere.');
          }}
        />
      ) : null}
      {mode === 'signout' ? (
        <ConfirmChange
          question={`End all ${sessions.length} session(s) of this user?`}
          change={async () => {
            const ended = await signOutEverywhere(ctx, projectId, userId);
            say(`Signed out everywhere (${ended} session(s) ended).`);
          }}
          onClose={() => setMode('view')}
        />
      ) : null}
      {mode === 'end-session' && sessions[selectedSession] ? (
        <ConfirmChange
          question={`End the session ${sessionRow(sessions[selectedSession]).trim()}?`}
          change={() => endUserSession(ctx, projectId, userId, sessions[selectedSession]!.id)}
          done="Session ended: that device is signed out."
          onClose={() => setMode('view')}
        />
      ) : null}
      {mode === 'delete' ? (
        <Confirm
          question={`Delete ${user.primary_email ?? user.id} and everything of theirs?`}
          onNo={() => setMode('view')}
          onYes={() =>
            act(async () => {
              await deleteUser(ctx, projectId, userId);
              pop();
            }, 'User deleted.')
          }
        />
      ) : null}
    </Box>
  );
}
