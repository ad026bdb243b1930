// Email templates: the four types with a live preview of the selected one (rendered with
// sample values); s edits the subject, e the content as JSON, r resets to authd's default.
import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import { listEmailTemplates, previewEmailTemplate, resetEmailTemplate, updateEmailTemplate } from '../../../server/core/email/email-templates';
import { useLoaded, useReloadable } from '../use-loaded';
import { LoadingLine } from '../loading-line';
import { useAction, useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { TextField } from '../text-field';

export function EmailTemplatesScreen({ projectId }: { projectId: string }) {
  const { ctx, say } = useNavigation();
  const act = useAction();
  const [mode, setMode] = useState<'list' | 'subject' | 'content'>('list');
  const [templatesLoaded, reload] = useReloadable(() => listEmailTemplates(ctx, projectId), [projectId, mode]);
  const templates = templatesLoaded ?? [];
  const selected = useSelection(templates.length, mode === 'list');
  const template = templates[selected];
  const preview = useLoaded(async () => (template ? await previewEmailTemplate(ctx, projectId, template.type) : null), [projectId, template?.type, templatesLoaded, mode]);
  useInput(
    (input) => {
      if (input === 's') setMode('subject');
      if (input === 'e') setMode('content');
      if (input === 'r' && template) void act(async () => {
          await resetEmailTemplate(ctx, projectId, template.type);
          reload();
        }, 'Reset to the default.');
    },
    { isActive: mode === 'list' },
  );
  useHelp('↑↓ move · s edit subject · e edit content (JSON) · r reset');
  const save = async (update: { subject?: string; content?: unknown }) => {
    if (!template) return;
    await act(async () => {
      await updateEmailTemplate(ctx, projectId, template.type, update);
      setMode('list');
    }, 'Template saved.');
  };
  if (!template || !preview) return <LoadingLine />;
  return (
    <Box flexDirection="column">
      <ListRows items={templates} selected={selected} empty="" row={(t) => `${t.type.padEnd(20)} ${t.is_default ? 'default' : 'edited'}`} />
      <Box flexDirection="column" borderStyle="round" paddingX={1} marginTop={1}>
        <Text bold>Subject: {preview.subject}</Text>
        <Text>{preview.text.trim()}</Text>
      </Box>
      {mode === 'subject' ? (
        <TextField label="Subject" initial={template.subject} onCancel={() => setMode('list')} onSubmit={(subject) => void save({ subject })} />
      ) : null}
      {mode === 'content' ? (
        <TextField
          label="Content (JSON)"
          initial={JSON.stringify(template.content)}
          onCancel={() => setMode('list')}
          onSubmit={(text) => {
            try {
              return save({ content: JSON.parse(text) });
            } catch {
              say('Invalid JSON format', 'error');
            }
          }}
        />
      ) : null}
    </Box>
  );
}
