// `authd admins add|grant|revoke|list`: the users of the internal project and the projects they
// own, so the first admin can be set up without editing the database. Nothing gets a default
// password.
import { Command } from 'commander';
import { confirmDestructive, yesOption, readSecretFromStdin } from '../terminal-prompts';
import {
  addAdmin,
  grantProjectToAdmin,
  listAdmins,
  revokeProjectFromAdmin,
  type AdminSummary,
  type OwnershipChange,
} from '../../server/core/accounts/project-admins';
import { emailSchema } from '../../server/protocol/user-schemas';
import { parseWithSchema, withCommonOptions, withContext, type CommonOptions, type ProjectOption } from '../cli-support';
import { printJson, printLine, printList } from '../cli-output';

export function adminsCommand(): Command {
  const adminsCmd = new Command('admins').description('manage admins: internal-project users and the projects they own');

  adminsCmd.addCommand(
    withCommonOptions(new Command('add'))
      .description('create (or find) the internal user that signs in with EMAIL and make it an admin of the web console at /admin; it gets no password unless given one')
      .argument('<email>')
      .option('--password-stdin', 'read a password from standard input (never from a flag, which shell history keeps)')
      .action((emailArgument: string, options: CommonOptions & { passwordStdin?: boolean }) =>
        withContext(options, async (ctx) => {
          const email = parseWithSchema(emailSchema, emailArgument);
          const password = options.passwordStdin ? await readSecretFromStdin() : undefined;
          const { admin, created, passwordSet } = await addAdmin(ctx, email, password);
          if (options.json) return printJson({ ...admin, created, password_set: passwordSet });
          printLine(
            created ? `Created admin ${email} (user ${admin.user_id}).` : `${email} is already an admin (user ${admin.user_id}).`,
          );
          if (passwordSet) printLine(created ? 'Its password is set.' : 'Its password was changed; its sessions were ended.');
          else if (!admin.has_password) {
            printLine(
              'It has no password: sign in through a password reset or a magic link, or run this again with --password-stdin.',
            );
          }
          printLine(`It signs in to the web console at /admin, or is given a project with: authd admins grant ${email} --project PROJECT_ID`);
        }),
      ),
  );

  const ownershipCommand = (name: 'grant' | 'revoke', description: string) =>
    withCommonOptions(new Command(name))
      .description(description)
      .argument('<email>')
      .requiredOption('--project <id>', 'project id')
      // Taking a project away is the destructive half: it asks (or needs --yes) like a delete.
      .option('--yes', name === 'revoke' ? yesOption[1] : 'accepted for symmetry with revoke; granting never asks')
      .action((emailArgument: string, options: ProjectOption & { yes?: boolean }) =>
        withContext(options, async (ctx) => {
          const email = parseWithSchema(emailSchema, emailArgument);
          if (name === 'revoke') await confirmDestructive(options, `End ${email}'s ownership of project ${options.project}?`);
          // Core resolves the project (PROJECT_NOT_FOUND names it) after the internal project and
          // the admin, so a never-served directory still says to run `authd serve` first.
          const projectId = options.project;
          const change =
            name === 'grant'
              ? await grantProjectToAdmin(ctx, email, projectId)
              : await revokeProjectFromAdmin(ctx, email, projectId);
          printOwnershipChange(name, email, change, options);
        }),
      );
  adminsCmd.addCommand(ownershipCommand('grant', 'make the admin with EMAIL an owner of a project (admin access to it)'));
  adminsCmd.addCommand(
    ownershipCommand(
      'revoke',
      "end the admin's ownership of a project; a running server refuses its token from the next request",
    ),
  );

  adminsCmd.addCommand(
    withCommonOptions(new Command('list'))
      .description('every internal-project user, oldest first, with the projects each owns')
      .action((options: CommonOptions) =>
        withContext(options, async (ctx) => {
          const admins = await listAdmins(ctx);
          printList(admins, {
            json: options.json,
            empty: 'No admins yet. Add one with: authd admins add EMAIL',
            line: describeAdmin,
          });
        }),
      ),
  );
  return adminsCmd;
}

function printOwnershipChange(name: 'grant' | 'revoke', email: string, change: OwnershipChange, options: CommonOptions): void {
  const changedField = name === 'grant' ? 'granted' : 'revoked';
  if (options.json) return printJson({ ...change.admin, project_id: change.projectId, [changedField]: change.changed });
  if (name === 'grant') {
    printLine(
      change.changed ? `${email} now owns project ${change.projectId}.` : `${email} already owns project ${change.projectId}.`,
    );
  } else {
    printLine(
      change.changed
        ? `${email} no longer owns project ${change.projectId}.`
        : `${email} did not own project ${change.projectId}.`,
    );
  }
}

function describeAdmin(admin: AdminSummary): string {
  const owned = admin.owned_project_ids.length ? admin.owned_project_ids.join(', ') : 'no projects';
  return `${admin.user_id}  ${admin.email ?? '(no email)'}  password: ${admin.has_password ? 'set' : 'none'}  owns: ${owned}`;
}
