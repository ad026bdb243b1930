// Every command of `authd`, in the order `authd --help` lists them. Imported lazily by
// cmd/main.ts, so that `authd serve` does not load the others.
import type { Command } from 'commander';
import { adminsCommand } from './admins';
import { auditCommand } from './audit';
import { completeIdsCommand, completionCommand } from './completion';
import { configCommand } from './config';
import { doctorCommand } from './doctor';
import { emailTemplatesCommand } from './email-templates';
import { keysCommand } from './keys';
import { mailCommand } from './mail';
import { permissionsCommand } from './permissions';
import { oidcClientsCommand } from './oidc-clients';
import { createProjectCommand, projectsCommand } from './projects';
import { serveCommand } from './serve';
import { teamsCommand } from './teams';
import { tuiCommand } from './tui';
import { backupCommands } from './backup';
import { copyCommand, migrateCommand } from './database';
import { usersCommand } from './users';
import { webhooksCommand } from './webhooks';

export function allCommands(): Command[] {
  return [
    serveCommand(),
    doctorCommand(),
    createProjectCommand(),
    projectsCommand(),
    keysCommand(),
    usersCommand(),
    teamsCommand(),
    permissionsCommand(),
    oidcClientsCommand(),
    adminsCommand(),
    mailCommand(),
    webhooksCommand(),
    auditCommand(),
    emailTemplatesCommand(),
    configCommand(),
    tuiCommand(),
    ...backupCommands(),
    migrateCommand(),
    copyCommand(),
    completionCommand(),
    completeIdsCommand(),
  ];
}
