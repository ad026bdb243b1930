// Where a project's email goes: the instance's shared SMTP server (or, in development without
// one, the dev outbox) or the project's own server. e edits the own server field by field (the
// password typed hidden; empty keeps the stored one), s goes back to shared, t sends a test email
// at once with what is saved and shows how the server answered.
import type { ProjectAdminView } from '../../../server/protocol/project-schemas';
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { sendTestEmail } from '../../../server/core/email/test-email';
import { readProjectAdminView, updateProject } from '../../../server/core/projects/projects';
import { projectUpdateSchema } from '../../../server/protocol/project-schemas';
import { parseWithSchema } from '../../cli-support';
import { afterFirstRead, type LoadedProps } from '../after-first-read';
import { useAction, useHelp, useNavigation } from '../navigation';
import { TextField } from '../text-field';

type ServerField = 'host' | 'port' | 'username' | 'password' | 'sender_email' | 'sender_name';
const serverFields: { field: ServerField; label: string }[] = [
  { field: 'host', label: 'SMTP host' },
  { field: 'port', label: 'SMTP port (465 uses TLS from the start)' },
  { field: 'username', label: 'SMTP username' },
  { field: 'password', label: 'SMTP password' },
  { field: 'sender_email', label: 'Sender address' },
  { field: 'sender_name', label: 'Sender name' },
];

type Mode = { kind: 'view' } | { kind: 'edit'; step: number; values: Partial<Record<ServerField, string>> } | { kind: 'test' };

export const EmailSettingsScreen = afterFirstRead(
  (ctx, { projectId }: { projectId: string }) => readProjectAdminView(ctx, projectId),
  EmailSettingsScreenLoaded,
);

function EmailSettingsScreenLoaded({ projectId, loaded: project, reload }: LoadedProps<{ projectId: string }, ProjectAdminView>) {
  const { ctx, say } = useNavigation();
  const act = useAction();
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  // Read again whenever the screen changes mode, so what serve or the CLI changed meanwhile shows.
  useEffect(reload, [mode.kind, reload]);
  const [sending, setSending] = useState(false);
  const config = project.config.email_config;
  const stored = config.type === 'standard' ? config : null;

  useInput(
    (input) => {
      if (input === 'e') setMode({ kind: 'edit', step: 0, values: {} });
      if (input === 't') setMode({ kind: 'test' });
      if (input === 's' && stored) {
        void act(async () => {
          await updateProject(ctx, projectId, { config: { email_config: { type: 'shared' } } });
          reload();
        }, 'Email goes through the shared server.');
      }
    },
    { isActive: mode.kind === 'view' && !sending },
  );
  useHelp('e edit own SMTP server · s use the shared server · t send a test email');

  /** Saves, or answers the field the refusal names, so the prompt can go back to it. */
  async function saveServer(values: Partial<Record<ServerField, string>>): Promise<'saved' | ServerField | 'refused'> {
    const emailConfig = {
      type: 'standard',
      host: values.host,
      port: Number(values.port),
      username: values.username,
      // An empty password keeps the stored one, as a password field usually does.
      password: values.password || stored?.password,
      sender_email: values.sender_email,
      sender_name: values.sender_name,
    };
    let refusedField: ServerField | undefined;
    const ok = await act(async () => {
      try {
        await updateProject(ctx, projectId, parseWithSchema(projectUpdateSchema, { config: { email_config: emailConfig } }));
        reload();
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        refusedField = serverFields.find(({ field }) => message.includes(`email_config.${field}`))?.field;
        throw error;
      }
    }, 'Own SMTP server saved: press t to send a test email.');
    return ok ? 'saved' : (refusedField ?? 'refused');
  }

  async function sendTest(recipient: string) {
    setMode({ kind: 'view' });
    setSending(true);
    say(`Sending a test email to ${recipient.trim()}…`);
    try {
      await act(async () => {
        const outcome = await sendTestEmail(ctx, projectId, recipient.trim());
        say(
          outcome.sent === 'smtp'
            ? `Test email accepted by ${outcome.server}.`
            : 'No SMTP server: the test email is in the dev outbox.',
          'ok',
        );
      });
    } finally {
      setSending(false);
    }
  }

  const step = mode.kind === 'edit' ? serverFields[mode.step]! : null;
  return (
    <Box flexDirection="column">
      {stored ? (
        <Box flexDirection="column">
          <Text>Own SMTP server: {stored.host}:{stored.port} as {stored.username}</Text>
          <Text>
            Sender: {stored.sender_name} {'<'}
            {stored.sender_email}
            {'>'}
          </Text>
        </Box>
      ) : (
        <Text>
          Shared: {ctx.settings.smtpUrl ? "the instance's SMTP server" : 'no SMTP server on this instance, so development mail stays in the dev outbox'}
        </Text>
      )}
      {mode.kind === 'edit' && step ? (
        <TextField
          key={step.field}
          label={step.field === 'password' && stored ? `${step.label} (empty keeps the stored one)` : step.label}
          masked={step.field === 'password'}
          initial={step.field === 'password' ? '' : (mode.values[step.field] ?? String(stored?.[step.field] ?? ''))}
          onCancel={() => setMode({ kind: 'view' })}
          onSubmit={async (value) => {
            const values = { ...mode.values, [step.field]: value.trim() };
            if (mode.step + 1 < serverFields.length) return setMode({ kind: 'edit', step: mode.step + 1, values });
            const outcome = await saveServer(values);
            if (outcome === 'saved') return setMode({ kind: 'view' });
            // Back to the field that was refused, with what was typed kept, instead of the last prompt.
            if (outcome !== 'refused') setMode({ kind: 'edit', step: serverFields.findIndex((f) => f.field === outcome), values });
          }}
        />
      ) : null}
      {mode.kind === 'test' ? (
        <TextField label="Send a test email to" onCancel={() => setMode({ kind: 'view' })} onSubmit={(to) => void sendTest(to)} />
      ) : null}
    </Box>
  );
}
