// A project's email: the server it sends through (authd's shared one or its own SMTP server,
// with the sender), a test email sent at once (POST /emails/test), the four templates with a
// preview the server renders in a chosen language (GET /email-templates/{type}/preview), and
// the development outbox (GET /emails/outbox).
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { EmailConfig, ProjectAdminView } from '../../../server/protocol/project-schemas';
import { emailTemplateTypes } from '../../../templates/default-email-templates';
import { supportedLocales } from '../../../server/protocol/locales';
import { localeNames } from '../../../server/protocol/locale-names';
import type { ConsoleKey } from '../../../server/protocol/messages/console/console-en';
import type { AdminApi } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
import { formatMoment, useConsoleT } from '../console-messages';
import { ApiStates, DataTable } from '../data-table';
import { JsonEditor } from '../json-editor';
import { Section } from '../section';
import { ActionButton, OutcomeLine, useAction } from '../action';
import { RowForm, SecretField, SelectField, TextField } from '../text-field';
import {
  cellNowrapClass,
  formRowClass,
  mutedClass,
  pageTitleClass,
  formContentsClass,
  previewFrameClass,
  primaryButtonClass,
  secondaryButtonClass,
  textClass,
} from '../styles';

const route = getRouteApi('/projects/$projectId/emails');

interface OutboxEmail {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  created_at_millis: number;
}

interface TemplateView {
  type: string;
  subject: string;
  content: unknown;
  is_default: boolean;
}

export function EmailsPage() {
  const { projectId } = route.useParams();
  const { api } = useConsoleSession();
  const project = useApiData(() => api.project<ProjectAdminView>(projectId, 'GET', '/projects/current'), [projectId]);
  const t = useConsoleT();
  return (
    <>
      <h1 className={pageTitleClass}>{t('nav.emails')}</h1>
      <ApiStates data={project} loading={t('emails.loading')} failed={t('emails.failed')}>
        {(view) => <EmailServerForm api={api} projectId={projectId} config={view.config.email_config} onSaved={project.reload} />}
      </ApiStates>
      <TestEmailForm api={api} projectId={projectId} />
      <TemplatesSection api={api} projectId={projectId} />
      <OutboxSection api={api} projectId={projectId} />
    </>
  );
}

type Smtp = Extract<EmailConfig, { type: 'standard' }>;

/** The project's email server; the password is write-only here (an empty box keeps the stored one). */
function EmailServerForm(props: { api: AdminApi; projectId: string; config: EmailConfig; onSaved(): void }) {
  const stored = props.config.type === 'standard' ? props.config : null;
  const [own, setOwn] = useState(stored !== null);
  const [host, setHost] = useState(stored?.host ?? '');
  const [port, setPort] = useState(String(stored?.port ?? 587));
  const [username, setUsername] = useState(stored?.username ?? '');
  const [password, setPassword] = useState('');
  const [senderName, setSenderName] = useState(stored?.sender_name ?? '');
  const [senderEmail, setSenderEmail] = useState(stored?.sender_email ?? '');
  const action = useAction();
  const t = useConsoleT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (own && !stored && password === '') return action.refuse(t('emails.passwordRequired'));
    const config: EmailConfig = own
      ? ({
          type: 'standard',
          host: host.trim(),
          port: Number(port),
          username: username.trim(),
          password: password || stored!.password,
          sender_name: senderName.trim(),
          sender_email: senderEmail.trim(),
        } satisfies Smtp)
      : { type: 'shared' };
    void action.run(async () => {
      await props.api.project(props.projectId, 'PATCH', '/projects/current', { config: { email_config: config } });
      // The form stays (its status line with it); the stored password is what a new one replaces.
      setPassword('');
      props.onSaved();
      return own ? t('emails.sentThrough', { host: host.trim() }) : t('emails.sentThroughShared');
    });
  };
  return (
    <Section id="email-server-title" title={t('emails.server')}>
      <form onSubmit={submit} noValidate aria-label={t('emails.server')} className={formContentsClass}>
        <div className={formRowClass}>
          <SelectField
            id="email-server-kind"
            label={t('emails.sendThrough')}
            value={own ? 'own' : 'shared'}
            onChange={(kind) => setOwn(kind === 'own')}
            options={[
              ['shared', t('emails.sharedServer')],
              ['own', t('emails.ownServer')],
            ]}
          />
        </div>
        {own ? (
          <>
            <div className={formRowClass}>
              <TextField id="smtp-host" label={t('emails.host')} value={host} spellCheck={false} onChange={setHost} />
              <TextField id="smtp-port" label={t('emails.port')} value={port} inputMode="text" onChange={setPort} />
            </div>
            <div className={formRowClass}>
              <TextField id="smtp-username" label={t('emails.username')} value={username} autoComplete="off" spellCheck={false} onChange={setUsername} />
              <SecretField id="smtp-password" label={stored ? t('emails.passwordStored') : t('signIn.password')} value={password} onChange={setPassword} />
            </div>
            <div className={formRowClass}>
              <TextField id="sender-name" label={t('emails.senderName')} value={senderName} onChange={setSenderName} />
              <TextField id="sender-email" label={t('emails.senderAddress')} type="email" value={senderEmail} onChange={setSenderEmail} />
            </div>
          </>
        ) : null}
        <OutcomeLine outcome={action.outcome} />
        <div>
          <button type="submit" className={primaryButtonClass} disabled={action.busy}>
            {t('emails.saveServer')}
          </button>
        </div>
      </form>
    </Section>
  );
}

function TestEmailForm(props: { api: AdminApi; projectId: string }) {
  const { admin } = useConsoleSession();
  const [recipient, setRecipient] = useState(admin.primary_email ?? '');
  const action = useAction();
  const t = useConsoleT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!recipient.includes('@')) return action.refuse(t('emails.testRecipientRequired'));
    void action.run(async () => {
      const sent = await props.api.project<{ sent: 'smtp' | 'outbox'; server?: string }>(props.projectId, 'POST', '/emails/test', {
        recipient_email: recipient.trim(),
      });
      return sent.sent === 'smtp'
        ? t('emails.testAccepted', { server: sent.server ?? '', email: recipient.trim() })
        : t('emails.testInOutbox', { email: recipient.trim() });
    });
  };
  return (
    <Section id="test-email-title" title={t('emails.test')}>
      <p className={mutedClass}>{t('emails.testIntro')}</p>
      <RowForm onSubmit={submit} submit={action.busy ? t('emails.sending') : t('emails.sendTest')} submitClass={secondaryButtonClass} busy={action.busy}>
        <TextField id="test-email-recipient" label={t('emails.to')} type="email" value={recipient} onChange={setRecipient} />
      </RowForm>
      <OutcomeLine outcome={action.outcome} />
    </Section>
  );
}

const templateNames: Record<string, ConsoleKey> = {
  email_verification: 'emails.templateVerification',
  password_reset: 'emails.templateReset',
  magic_link: 'emails.templateMagicLink',
  team_invitation: 'emails.templateInvitation',
};

function TemplatesSection(props: { api: AdminApi; projectId: string }) {
  const { api, projectId } = props;
  const [type, setType] = useState<string>(emailTemplateTypes[0]);
  const [locale, setLocale] = useState('en');
  const template = useApiData(() => api.project<TemplateView>(projectId, 'GET', `/email-templates/${type}`), [projectId, type]);
  const preview = useApiData(
    () => api.project<{ subject: string; html: string }>(projectId, 'GET', `/email-templates/${type}/preview?locale=${encodeURIComponent(locale)}`),
    [projectId, type, locale],
  );
  const changed = () => {
    template.reload();
    preview.reload();
  };
  const action = useAction(changed);
  const t = useConsoleT();
  const path = `/email-templates/${type}`;
  const templateName = (kind: string) => (templateNames[kind] ? t(templateNames[kind]) : kind);
  return (
    <Section id="templates-title" title={t('emails.templates')}>
      <div className={formRowClass}>
        <SelectField
          id="template-type"
          label={t('emails.template')}
          value={type}
          onChange={setType}
          options={emailTemplateTypes.map((kind) => [kind, templateName(kind)] as const)}
        />
        <SelectField
          id="template-locale"
          label={t('emails.previewIn')}
          value={locale}
          onChange={setLocale}
          // Each language by its own name, as account settings' picker lists them.
          options={supportedLocales.map((l) => [l, localeNames[l]] as const)}
        />
      </div>
      <ApiStates data={template} loading={t('emails.templateLoading')} failed={t('emails.templateFailed')}>
        {(view) => (
          <>
            <p className={mutedClass}>{view.is_default ? t('emails.isDefault') : t('emails.isEdited')}</p>
            <TemplateSubjectForm
              key={`${view.type} ${view.subject}`}
              subject={view.subject}
              action={action}
              onSave={(subject) => api.project(projectId, 'PATCH', path, { subject })}
            />
            <JsonEditor
              key={`${view.type} ${JSON.stringify(view.content)}`}
              testId="template-content"
              label={t('emails.content')}
              saveLabel={t('emails.saveContent')}
              hint={t('emails.contentHint', { variables: '{{ variables }}' })}
              value={view.content}
              onSave={async (content) => {
                await api.project(projectId, 'PATCH', path, { content });
                changed();
              }}
            />
            {view.is_default ? null : (
              <div>
                <ActionButton
                  action={action}
                  work={async () => {
                    await api.project(projectId, 'DELETE', path);
                    return t('emails.resetDone');
                  }}
                >
                  {t('emails.reset')}
                </ActionButton>
              </div>
            )}
            <OutcomeLine outcome={action.outcome} />
          </>
        )}
      </ApiStates>
      <ApiStates data={preview} loading={t('emails.previewLoading')} failed={t('emails.previewFailed')}>
        {(rendered) => (
          <div data-testid="template-preview">
            <p className={textClass}>
              {t.rich('emails.previewSubject', {
                label: <strong>{t('emails.subjectLabel')}</strong>,
                subject: <span data-testid="template-preview-subject">{rendered.subject}</span>,
              })}
            </p>
            {/* Sandboxed: the email's own markup, with no script and no access to the console. */}
            <iframe className={previewFrameClass} title={t('emails.previewTitle', { template: templateName(type) })} sandbox="" srcDoc={rendered.html} />
          </div>
        )}
      </ApiStates>
    </Section>
  );
}

function TemplateSubjectForm(props: { subject: string; action: ReturnType<typeof useAction>; onSave(subject: string): Promise<unknown> }) {
  const [subject, setSubject] = useState(props.subject);
  const t = useConsoleT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void props.action.run(async () => {
      await props.onSave(subject);
      return t('emails.subjectSaved');
    });
  };
  return (
    <RowForm onSubmit={submit} submit={t('emails.saveSubject')} submitClass={secondaryButtonClass} busy={props.action.busy}>
      <TextField id="template-subject" label={t('emails.subject')} value={subject} maxLength={1000} onChange={setSubject} />
    </RowForm>
  );
}

function OutboxSection(props: { api: AdminApi; projectId: string }) {
  const outbox = useApiData(() => props.api.project<{ items: OutboxEmail[] }>(props.projectId, 'GET', '/emails/outbox'), [props.projectId]);
  const t = useConsoleT();
  return (
    <Section
      id="outbox-title"
      title={t('emails.outbox')}
      actions={
        <button type="button" className={secondaryButtonClass} onClick={outbox.reload}>
          {t('webhooks.refresh')}
        </button>
      }
    >
      <p className={mutedClass}>{t('emails.outboxIntro', { count: 50 })}</p>
      <DataTable
        text={{ loading: t('emails.outboxLoading'), failed: t('emails.outboxFailed'), label: t('emails.outboxTable') }}
        testId="outbox-emails-table"
        data={outbox}
        empty={{ title: t('emails.outboxEmpty'), hint: t('emails.outboxEmptyHint') }}
        columns={[
          { header: t('audit.when'), className: cellNowrapClass, cell: (email) => formatMoment(t, email.created_at_millis) },
          { header: t('emails.to'), cell: (email) => email.recipient },
          {
            header: t('emails.email'),
            cell: (email) => (
              <details>
                <summary>{email.subject}</summary>
                <pre className={mutedClass}>{email.text}</pre>
              </details>
            ),
          },
        ]}
      />
    </Section>
  );
}
