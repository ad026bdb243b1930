// `authd email-templates list|get|set|reset|preview`: a project's editable emails, over the
// same core functions as /email-templates.
import { Command } from 'commander';
import { confirmDestructive, destructiveProjectCommand, type DestructiveProjectOption } from '../terminal-prompts';
import {
  listEmailTemplates,
  previewEmailTemplate,
  readEmailTemplate,
  resetEmailTemplate,
  updateEmailTemplate,
} from '../../server/core/email/email-templates';
import { emailTemplateTypes, type EmailTemplateType } from '../../templates/default-email-templates';
import { isSupportedLocale, sourceLocale, supportedLocales } from '../../server/protocol/locales';
import { CliError, parseJsonFlag, projectCommand, withProject, type ProjectOption } from '../cli-support';
import { printJson, printLine, printSuccess } from '../cli-output';
import { idListCommand } from '../id-argument-commands';

function templateType(text: string): EmailTemplateType {
  if (!(emailTemplateTypes as readonly string[]).includes(text)) {
    throw new CliError(`"${text}" is not an email template type (${emailTemplateTypes.join(', ')})`);
  }
  return text as EmailTemplateType;
}

export function emailTemplatesCommand(): Command {
  const templates = new Command('email-templates').description("a project's email templates");
  templates.addCommand(
    idListCommand({
      description: 'the four templates, edited or default',
      ids: [],
      list: (ctx, projectId) => listEmailTemplates(ctx, projectId),
      line: (t) => `${t.type.padEnd(20)} ${t.is_default ? 'default' : 'edited '}  ${t.subject}`,
    }),
  );
  templates.addCommand(
    projectCommand('get')
      .description('one template: subject and content (JSON)')
      .argument('<type>', emailTemplateTypes.join(' | '))
      .action((type: string, options: ProjectOption) =>
        withProject(options, async (ctx, projectId) => printJson(await readEmailTemplate(ctx.db, projectId, templateType(type)))),
      ),
  );
  templates.addCommand(
    projectCommand('set')
      .description('edit a template')
      .argument('<type>', emailTemplateTypes.join(' | '))
      .option('--subject <text>', 'subject; {{ projectDisplayName }} and the other variables are filled in')
      .option('--content-json <json>', 'content document (the shape `get` prints)')
      .action((type: string, options: ProjectOption & { subject?: string; contentJson?: string }) =>
        withProject(options, async (ctx, projectId) => {
          if (options.subject === undefined && options.contentJson === undefined)
            throw new CliError('give --subject or --content-json');
          const content = options.contentJson === undefined ? undefined : parseJsonFlag('--content-json', options.contentJson);
          const saved = await updateEmailTemplate(ctx, projectId, templateType(type), { subject: options.subject, content });
          if (options.json) return printJson(saved);
          printLine(`Saved the ${type} template.`);
        }),
      ),
  );
  templates.addCommand(
    destructiveProjectCommand('reset')
      .description("go back to authd's default template")
      .argument('<type>', emailTemplateTypes.join(' | '))
      .action((type: string, options: DestructiveProjectOption) =>
        withProject(options, async (ctx, projectId) => {
          await confirmDestructive(options, `Replace the project's ${type} template with the default?`);
          await resetEmailTemplate(ctx, projectId, templateType(type));
          printSuccess(options, `The ${type} template is the default again.`);
        }),
      ),
  );
  templates.addCommand(
    projectCommand('preview')
      .description('the template rendered with sample values, as a recipient reads it')
      .argument('<type>', emailTemplateTypes.join(' | '))
      .option('--locale <locale>', `the recipient's language, for an unedited template (${supportedLocales.join(', ')})`, sourceLocale)
      .action((type: string, options: ProjectOption & { locale: string }) =>
        withProject(options, async (ctx, projectId) => {
          if (!isSupportedLocale(options.locale)) throw new CliError(`--locale must be one of ${supportedLocales.join(', ')}.`);
          const preview = await previewEmailTemplate(ctx, projectId, templateType(type), options.locale);
          if (options.json) return printJson(preview);
          printLine(`Subject: ${preview.subject}`);
          printLine();
          printLine(preview.text.trim());
        }),
      ),
  );
  return templates;
}
