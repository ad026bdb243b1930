// One project: its production-mode problems at a glance and a menu of what can be managed.
import type { ProjectAdminView } from '../../../server/protocol/project-schemas';
import { Box, Text } from 'ink';
import type { ReactElement } from 'react';
import { readProjectAdminView } from '../../../server/core/projects/projects';
import { afterFirstRead, type LoadedProps } from '../after-first-read';
import { useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { ConfigScreen } from './config-screen';
import { EmailSettingsScreen } from './email-settings-screen';
import { ProvidersScreen } from './providers-screen';
import { KeysScreen } from './keys-screen';
import { OidcClientsScreen } from './oidc-clients-screen';
import { MetricsScreen } from './metrics-screen';
import { OutboxScreen } from './outbox-screen';
import { UsersScreen } from './users-screen';
import { TeamsScreen } from './teams-screen';
import { PermissionsScreen } from './permissions-screen';
import { EmailTemplatesScreen } from './email-templates-screen';
import { WebhooksScreen } from './webhooks-screen';
import { AuditScreen } from './audit-screen';

export const ProjectScreen = afterFirstRead(
  (ctx, { projectId }: { projectId: string }) => readProjectAdminView(ctx, projectId),
  ProjectScreenLoaded,
);

function ProjectScreenLoaded({ projectId, loaded: project }: LoadedProps<{ projectId: string }, ProjectAdminView>) {
  const { push } = useNavigation();
  const sections: Array<[string, ReactElement]> = [
    ['Configuration', <ConfigScreen projectId={projectId} />],
    ['OAuth providers', <ProvidersScreen projectId={projectId} />],
    ['Email settings', <EmailSettingsScreen projectId={projectId} />],
    ['API keys', <KeysScreen projectId={projectId} />],
    ['OIDC clients', <OidcClientsScreen projectId={projectId} />],
    ['Users', <UsersScreen projectId={projectId} />],
    ['Teams', <TeamsScreen projectId={projectId} />],
    ['Permission definitions', <PermissionsScreen projectId={projectId} />],
    ['Email templates', <EmailTemplatesScreen projectId={projectId} />],
    ['Webhooks', <WebhooksScreen projectId={projectId} />],
    ['Metrics', <MetricsScreen projectId={projectId} />],
    ['Audit log', <AuditScreen projectId={projectId} />],
    ['Dev outbox', <OutboxScreen />],
  ];
  const selected = useSelection(sections.length, true, (index) => {
    const [title, element] = sections[index]!;
    push({ title, element });
  });
  useHelp('↑↓ move · Enter open');
  return (
    <Box flexDirection="column">
      <Text>
        {project.id} · {project.user_count} users · {project.is_production_mode ? 'production mode' : 'development mode'}
      </Text>
      {project.production_mode_errors.length > 0 ? (
        <Text color="yellow">Production mode blocked by {project.production_mode_errors.length === 1 ? 'a problem' : `${project.production_mode_errors.length} problems`}: see Configuration.</Text>
      ) : (
        <Text color="green">Ready for production mode.</Text>
      )}
      <Box marginTop={1}>
        <ListRows items={sections} selected={selected} empty="" row={([title]) => title} />
      </Box>
    </Box>
  );
}
