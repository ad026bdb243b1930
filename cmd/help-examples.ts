// One or two examples at the end of every command's --help: the shortest way to learn a command
// is a line that works. Kept in one table, by command path, so a test can see none is missing.
import type { Command } from 'commander';

export const helpExamples: Record<string, string[]> = {
  '': ['authd serve --data ./data', 'authd users list --project "$PROJECT_ID"'],
  serve: [
    'authd serve --data ./data --port 8080',
    'authd serve --production --public-url https://auth.example.com --smtp smtp://user:pass@mail.example.com:587',
  ],
  doctor: [
    'authd doctor --data ./data --production --public-url https://auth.example.com --smtp "$SMTP_URL"',
    'authd doctor --database "$AUTHD_DATABASE_URL" --backups /var/backups/authd --json',
  ],
  'create-project': ['authd create-project --name "My app"', 'authd create-project --name "My app" --json   # the keys as JSON'],
  projects: ['authd projects list', 'authd projects update "$PROJECT_ID" --sign-up off'],
  'projects list': ['authd projects list', 'authd projects list --json'],
  'projects get': ['authd projects get "$PROJECT_ID"'],
  'projects update': [
    'authd projects update "$PROJECT_ID" --name "My app" --sign-up off',
    'authd projects update "$PROJECT_ID" --add-domain https://app.example.com',
  ],
  'projects delete': ['authd projects delete "$PROJECT_ID"', 'authd projects delete "$PROJECT_ID" --yes   # in a script'],
  'projects providers': ['authd projects providers list "$PROJECT_ID"'],
  'projects providers list': ['authd projects providers list "$PROJECT_ID"'],
  'projects providers set': [
    'printf %s "$GITHUB_SECRET" | authd projects providers set "$PROJECT_ID" github --type standard --client-id "$GITHUB_ID" --client-secret-stdin',
  ],
  'projects providers remove': ['authd projects providers remove "$PROJECT_ID" github --yes'],
  'projects test-email': ['authd projects test-email "$PROJECT_ID" --to you@example.com'],
  keys: ['authd keys create --project "$PROJECT_ID" --description "backend"', 'authd keys list --project "$PROJECT_ID"'],
  'keys create': [
    'authd keys create --project "$PROJECT_ID" --description "backend" --expires-in 90d',
    'authd keys create --project "$PROJECT_ID" --json',
  ],
  'keys list': ['authd keys list --project "$PROJECT_ID"'],
  'keys revoke': [
    'authd keys revoke "$KEY_ID" --project "$PROJECT_ID"',
    'authd keys revoke "$KEY_ID" --project "$PROJECT_ID" --yes   # in a script',
  ],
  'keys rotate-signing': ['authd keys rotate-signing --project "$PROJECT_ID"'],
  users: ['authd users list --query ada', 'authd users create --email ada@example.com --password-stdin < password.txt'],
  'users list': ['authd users list --project "$PROJECT_ID" --query ada', 'authd users list --limit 100 --json'],
  'users import': [
    'authd users import auth0-users.ndjson --format auth0 --project "$PROJECT_ID" --dry-run',
    'authd users import users.jsonl --format jsonl --project "$PROJECT_ID" --json',
  ],
  'users export': ['authd users export --project "$PROJECT_ID" --output users.jsonl', 'authd users export --format csv --project "$PROJECT_ID"'],
  'users get': ['authd users get "$USER_ID" --project "$PROJECT_ID"'],
  'users create': [
    'authd users create --project "$PROJECT_ID" --email ada@example.com --display-name Ada',
    'printf %s "$PASSWORD" | authd users create --email ada@example.com --password-stdin --verified on',
  ],
  'users update': [
    'authd users update "$USER_ID" --display-name "Ada L."',
    'authd users update "$USER_ID" --server-metadata \'{"plan":"pro"}\'',
  ],
  'users set-password': ['printf %s "$PASSWORD" | authd users set-password "$USER_ID"'],
  'users disable-mfa': ['authd users disable-mfa "$USER_ID" --project "$PROJECT_ID"'],
  'users delete': [
    'authd users delete "$USER_ID" --project "$PROJECT_ID"',
    'authd users delete "$USER_ID" --yes   # in a script',
  ],
  'users email-clashes': ['authd users email-clashes'],
  'users ban': [
    'authd users ban "$USER_ID" --project "$PROJECT_ID" --reason "chargeback fraud"',
    'authd users ban "$USER_ID" --until 2027-01-31 --json',
  ],
  'users unban': ['authd users unban "$USER_ID" --project "$PROJECT_ID"'],
  'users impersonate': ['authd users impersonate "$USER_ID" --project "$PROJECT_ID"', 'authd users impersonate "$USER_ID" --tokens --json'],
  'users sessions': ['authd users sessions list "$USER_ID"'],
  'users sessions list': ['authd users sessions list "$USER_ID" --project "$PROJECT_ID"'],
  'users sessions revoke': ['authd users sessions revoke "$USER_ID" "$SESSION_ID" --yes'],
  'users sessions sign-out': ['authd users sessions sign-out "$USER_ID" --yes'],
  'users passkeys': ['authd users passkeys list "$USER_ID"'],
  'users passkeys list': ['authd users passkeys list "$USER_ID" --project "$PROJECT_ID"'],
  'users passkeys remove': ['authd users passkeys remove "$USER_ID" "$PASSKEY_ID" --yes'],
  teams: [
    'authd teams create --name Editors --creator "$USER_ID"',
    'authd teams invitations send "$TEAM_ID" --email ada@example.com --callback-url https://app.example.com/handler/team-invitation',
  ],
  'teams import': [
    'authd teams import clerk-organizations.jsonl --format clerk --project "$PROJECT_ID" --dry-run',
    'authd teams import stack-teams.jsonl --format stack --project "$PROJECT_ID" --json',
  ],
  'teams list': ['authd teams list --project "$PROJECT_ID"', 'authd teams list --user "$USER_ID" --json'],
  'teams get': ['authd teams get "$TEAM_ID"'],
  'teams create': ['authd teams create --name Editors', 'authd teams create --name Editors --creator "$USER_ID"'],
  'teams update': ['authd teams update "$TEAM_ID" --name "Senior editors"'],
  'teams delete': ['authd teams delete "$TEAM_ID"', 'authd teams delete "$TEAM_ID" --yes   # in a script'],
  'teams members': ['authd teams members list "$TEAM_ID"'],
  'teams members add': ['authd teams members add "$TEAM_ID" "$USER_ID"'],
  'teams members remove': ['authd teams members remove "$TEAM_ID" "$USER_ID" --yes'],
  'teams members list': ['authd teams members list "$TEAM_ID" --json'],
  'teams invitations': ['authd teams invitations list "$TEAM_ID"'],
  'teams invitations send': [
    'authd teams invitations send "$TEAM_ID" --email ada@example.com --callback-url https://app.example.com/handler/team-invitation',
  ],
  'teams invitations list': ['authd teams invitations list "$TEAM_ID"', 'authd teams invitations list "$TEAM_ID" --json'],
  'teams invitations revoke': ['authd teams invitations revoke "$TEAM_ID" "$INVITATION_ID" --yes'],
  permissions: ['authd permissions define moderate --contains read', 'authd permissions grant "$TEAM_ID" "$USER_ID" moderate'],
  'permissions define': [
    'authd permissions define read --description "see the team\'s content"',
    'authd permissions define moderate --contains read,write',
  ],
  'permissions update': ['authd permissions update moderate --description "moderate posts"'],
  'permissions list': ['authd permissions list', 'authd permissions list --team "$TEAM_ID" --user "$USER_ID" --recursive'],
  'permissions delete': ['authd permissions delete moderate --yes'],
  'oidc-clients': [
    'authd oidc-clients list --project "$PROJECT_ID"',
    'authd oidc-clients create --project "$PROJECT_ID" --name Grafana --redirect-uri https://grafana.example.com/login/generic_oauth',
  ],
  'oidc-clients create': [
    'authd oidc-clients create --project "$PROJECT_ID" --name Grafana --redirect-uri https://grafana.example.com/login/generic_oauth --json',
    'authd oidc-clients create --project "$PROJECT_ID" --name "Desktop app" --redirect-uri http://localhost:8400/callback --public',
  ],
  'oidc-clients list': ['authd oidc-clients list --project "$PROJECT_ID"', 'authd oidc-clients list --project "$PROJECT_ID" --json'],
  'oidc-clients update': ['authd oidc-clients update "$CLIENT_ID" --project "$PROJECT_ID" --first-party'],
  'oidc-clients delete': ['authd oidc-clients delete "$CLIENT_ID" --project "$PROJECT_ID"'],
  'permissions grant': ['authd permissions grant "$TEAM_ID" "$USER_ID" moderate'],
  'permissions revoke': ['authd permissions revoke "$TEAM_ID" "$USER_ID" moderate --yes'],
  admins: [
    'authd admins add you@example.com --password-stdin < password.txt',
    'authd admins grant you@example.com --project "$PROJECT_ID"',
  ],
  'admins add': ['printf %s "$PASSWORD" | authd admins add you@example.com --password-stdin'],
  'admins grant': ['authd admins grant you@example.com --project "$PROJECT_ID"'],
  'admins revoke': ['authd admins revoke you@example.com --project "$PROJECT_ID" --yes'],
  'admins list': ['authd admins list'],
  mail: ['authd mail --limit 20', 'authd mail --to ada@example.com --json'],
  webhooks: ['authd webhooks add --url https://app.example.com/hooks/authd', 'authd webhooks deliveries "$ENDPOINT_ID"'],
  'webhooks add': ['authd webhooks add --url https://app.example.com/hooks/authd --description "app backend"'],
  'webhooks list': ['authd webhooks list --project "$PROJECT_ID"'],
  'webhooks remove': ['authd webhooks remove "$ENDPOINT_ID" --yes'],
  'webhooks deliveries': ['authd webhooks deliveries "$ENDPOINT_ID" --limit 20'],
  'webhooks retry': ['authd webhooks retry "$DELIVERY_ID"'],
  audit: ['authd audit --since 2026-01-01 --type user.deleted', 'authd audit --user "$USER_ID" --follow'],
  'email-templates': ['authd email-templates list'],
  'email-templates list': ['authd email-templates list --project "$PROJECT_ID"'],
  'email-templates get': ['authd email-templates get email_verification'],
  'email-templates set': ['authd email-templates set email_verification --subject "Confirm your address"'],
  'email-templates reset': ['authd email-templates reset email_verification --yes'],
  'email-templates preview': ['authd email-templates preview password_reset'],
  config: ['authd config print'],
  'config print': ['authd config print --production --public-url https://auth.example.com', 'authd config print --json'],
  tui: ['authd tui --data ./data'],
  backup: ['authd backup /var/backups/authd-$(date +%F).db --data /var/lib/authd'],
  restore: ['authd restore /var/backups/authd-2026-01-31.db --data /var/lib/authd --yes'],
  migrate: ['authd migrate --data /var/lib/authd', 'authd migrate --database postgres://authd:secret@localhost:5432/authd'],
  copy: ['authd copy --from ./data --to postgres://authd:secret@localhost:5432/authd'],
  completion: [
    'eval "$(authd completion bash)"   # in ~/.bashrc',
    'authd completion fish > ~/.config/fish/completions/authd.fish',
  ],
};

/** Ends the --help of every command in `program` that has examples with an "Examples:" block. */
export function addHelpExamples(program: Command): void {
  const visit = (command: Command, path: string[]) => {
    const examples = helpExamples[path.join(' ')];
    if (examples) command.addHelpText('after', `\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}\n`);
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
}
