// A project's configuration: sign-in methods and switches toggled with Enter, the default
// language of screens and emails (Enter picks the next one), trusted domains
// (a adds, x removes the selected one), and the production-mode checks listed as they fail.
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { readProjectAdminView, updateProject } from '../../../server/core/projects/projects';
import { projectUpdateSchema, type ProjectAdminView } from '../../../server/protocol/project-schemas';
import { parseWithSchema } from '../../cli-support';
import { afterFirstRead, type LoadedProps } from '../after-first-read';
import { useAction, useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { TextField } from '../text-field';
import { supportedLocales, type Locale } from '../../../server/protocol/locales';
import { localeNames } from '../../../server/protocol/locale-names';

type Switch = { label: string; on(p: ProjectAdminView): boolean; update(on: boolean): object };

const configSwitch = (label: string, field: keyof ProjectAdminView['config']): Switch => ({
  label,
  on: (p) => p.config[field] === true,
  update: (on) => ({ config: { [field]: on } }),
});

const switches: Switch[] = [
  configSwitch('Sign-up', 'sign_up_enabled'),
  configSwitch('Password sign-in', 'credential_enabled'),
  configSwitch('Magic link / one-time code', 'magic_link_enabled'),
  configSwitch('Passkeys', 'passkey_enabled'),
  configSwitch('Clients may create teams', 'client_team_creation_enabled'),
  configSwitch('Team on sign-up', 'create_team_on_sign_up'),
  configSwitch('Refresh-token rotation', 'refresh_token_rotation_enabled'),
  configSwitch('Password strength check', 'password_strength_check_enabled'),
  configSwitch('Invitations need the invited email', 'team_invitation_requires_matching_email'),
  configSwitch('Allow localhost callbacks', 'allow_localhost'),
  { label: 'Production mode', on: (p) => p.is_production_mode, update: (on) => ({ is_production_mode: on }) },
];

export const ConfigScreen = afterFirstRead(
  (ctx, { projectId }: { projectId: string }) => readProjectAdminView(ctx, projectId),
  ConfigScreenLoaded,
);

function ConfigScreenLoaded({ projectId, loaded: project, reload }: LoadedProps<{ projectId: string }, ProjectAdminView>) {
  const { ctx } = useNavigation();
  const act = useAction();
  const [adding, setAdding] = useState(false);
  // Read again whenever the screen changes mode, so what serve or the CLI changed meanwhile shows.
  useEffect(reload, [adding, reload]);
  const rows = [
    ...switches.map((s) => ({ kind: 'switch' as const, s })),
    { kind: 'locale' as const },
    ...project.config.domains.map((d) => ({ kind: 'domain' as const, d })),
  ];
  const change = (update: object, done: string) =>
    act(async () => {
      await updateProject(ctx, projectId, parseWithSchema(projectUpdateSchema, update));
      reload();
    }, done);
  const selected = useSelection(rows.length, !adding, (index) => {
    const row = rows[index]!;
    if (row.kind === 'switch') void change(row.s.update(!row.s.on(project)), `${row.s.label}: ${row.s.on(project) ? 'off' : 'on'}`);
    if (row.kind === 'locale') {
      // Enter steps through the supported languages.
      const next = supportedLocales[(supportedLocales.indexOf(project.config.default_locale as Locale) + 1) % supportedLocales.length]!;
      void change({ config: { default_locale: next } }, `Default language: ${next}`);
    }
  });
  useInput(
    (input) => {
      if (input === 'a') setAdding(true);
      const row = rows[selected];
      if (input === 'x' && row?.kind === 'domain') {
        const domains = project.config.domains.filter((d) => d.domain !== row.d.domain);
        void change({ config: { domains } }, `Removed ${row.d.domain}`);
      }
    },
    { isActive: !adding },
  );
  useHelp('↑↓ move · Enter toggle (next language) · a add trusted domain · x remove domain');

  const providers = project.config.oauth_providers.map((p) => `${p.id} (${p.type}${p.enabled ? '' : ', off'})`).join(', ');
  return (
    <Box flexDirection="column">
      <ListRows
        items={rows}
        selected={selected}
        empty=""
        limit={20}
        row={(row) =>
          row.kind === 'switch'
            ? `${row.s.label.padEnd(30)} ${row.s.on(project) ? '[on] ' : '[off]'}`
            : row.kind === 'locale'
              ? `${'Default language'.padEnd(30)} ${project.config.default_locale} (${localeNames[project.config.default_locale as Locale] ?? '?'})`
              : `Trusted domain ${row.d.domain}  (handler ${row.d.handler_path})`
        }
      />
      <Text>OAuth providers: {providers || 'none'} · Email: {project.config.email_config.type}</Text>
      {project.production_mode_errors.length === 0 ? (
        <Text color="green">Production-mode checks: all pass.</Text>
      ) : (
        <Box flexDirection="column">
          <Text color="yellow">Production-mode checks failing:</Text>
          {project.production_mode_errors.map((problem) => (
            <Text key={problem.message} color="yellow">
              {'  ✗ '}
              {problem.message}
            </Text>
          ))}
        </Box>
      )}
      {adding ? (
        <TextField
          label="Trusted domain (https://…)"
          onCancel={() => setAdding(false)}
          onSubmit={async (domain) => {
            const domains = [...project.config.domains, { domain: domain.trim(), handler_path: '/handler' }];
            if (await change({ config: { domains } }, `Added ${domain.trim()}`)) setAdding(false);
          }}
        />
      ) : null}
    </Box>
  );
}
