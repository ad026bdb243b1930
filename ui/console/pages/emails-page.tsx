// A project's email: the server it sends through (authd's shared one or its own SMTP server,
// with the sender), a test email sent at once (POST /emails/test), the four templates with a
// preview the server renders in a chosen language (GET /email-templates/{type}/preview), and
// the development outbox (GET /emails/outbox).
import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import type { EmailConfig, ProjectAdminView } from '../../../server/protocol/project-schemas';
import { emailTemplateTypes } from '../../../templates/default-email-templates';
import { supportedLocales } from '../../../server/protocol/locales';
import type { AdminApi } from '../admin-api';
import { useApiData } from '../api-data';
import { useConsoleSession } from '../console-context';
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
  return (
    <>
      <h1 className={pageTitleClass}>Emails</h1>
      <ApiStates data={project} loading="Loading the email settings…" failed="The email settings">
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (own && !stored && password === '') return action.refuse("Type the SMTP server's password.");
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
      return own ? `Emails are sent through ${host.trim()}.` : "Emails are sent through authd's shared server.";
    });
  };
  return (
    <Section id="email-server-title" title="Email server">
      <form onSubmit={submit} noValidate aria-label="Email server" className={formContentsClass}>
        <div className={formRowClass}>
          <SelectField
            id="email-server-kind"
            label="Send through"
            value={own ? 'own' : 'shared'}
            onChange={(kind) => setOwn(kind === 'own')}
            options={[
              ['shared', "authd's shared server (development: the outbox)"],
              ['own', 'Your own SMTP server'],
            ]}
          />
        </div>
        {own ? (
          <>
            <div className={formRowClass}>
              <TextField id="smtp-host" label="SMTP host" value={host} spellCheck={false} onChange={setHost} />
              <TextField id="smtp-port" label="Port" value={port} inputMode="text" onChange={setPort} />
            </div>
            <div className={formRowClass}>
              <TextField id="smtp-username" label="Username" value={username} autoComplete="off" spellCheck={false} onChange={setUsername} />
              <SecretField id="smtp-password" label="Password" stored={stored !== null} value={password} onChange={setPassword} />
            </div>
            <div className={formRowClass}>
              <TextField id="sender-name" label="Sender name" value={senderName} onChange={setSenderName} />
              <TextField id="sender-email" label="Sender address" type="email" value={senderEmail} onChange={setSenderEmail} />
            </div>
          </>
        ) : null}
        <OutcomeLine outcome={action.outcome} />
        <div>
          <button type="submit" className={primaryButtonClass} disabled={action.busy}>
            Save email server
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!recipient.includes('@')) return action.refuse('Enter the address to send the test email to.');
    void action.run(async () => {
      const sent = await props.api.project<{ sent: 'smtp' | 'outbox'; server?: string }>(props.projectId, 'POST', '/emails/test', {
        recipient_email: recipient.trim(),
      });
      return sent.sent === 'smtp'
        ? `${sent.server} accepted the test email to ${recipient.trim()}.`
        : `The test email to ${recipient.trim()} is in the outbox below.`;
    });
  };
  return (
    <Section id="test-email-title" title="Send a test email">
      <p className={mutedClass}>Sent at once with the settings above, so a wrong server or password shows here.</p>
      <RowForm onSubmit={submit} submit={action.busy ? 'Sending…' : 'Send test email'} submitClass={secondaryButtonClass} busy={action.busy}>
        <TextField id="test-email-recipient" label="To" type="email" value={recipient} onChange={setRecipient} />
      </RowForm>
      <OutcomeLine outcome={action.outcome} />
    </Section>
  );
}

const templateNames: Record<string, string> = {
  email_verification: 'Email verification',
  password_reset: 'Password reset',
  magic_link: 'Magic link and code',
  team_invitation: 'Team invitation',
};

/** A language by its own name ("Deutsch"), as its speakers would pick it. */
function languageName(locale: string): string {
  return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
}

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
  const path = `/email-templates/${type}`;
  return (
    <Section id="templates-title" title="Templates">
      <div className={formRowClass}>
        <SelectField
          id="template-type"
          label="Template"
          value={type}
          onChange={setType}
          options={emailTemplateTypes.map((t) => [t, templateNames[t] ?? t] as const)}
        />
        <SelectField
          id="template-locale"
          label="Preview in"
          value={locale}
          onChange={setLocale}
          options={supportedLocales.map((l) => [l, languageName(l)] as const)}
        />
      </div>
      <ApiStates data={template} loading="Loading the template…" failed="The template">
        {(view) => (
          <>
            <p className={mutedClass}>
              {view.is_default ? "authd's default, sent in each recipient's language." : 'Edited for this project: sent as written, in every language.'}
            </p>
            <TemplateSubjectForm
              key={`${view.type} ${view.subject}`}
              subject={view.subject}
              action={action}
              onSave={(subject) => api.project(projectId, 'PATCH', path, { subject })}
            />
            <JsonEditor
              key={`${view.type} ${JSON.stringify(view.content)}`}
              testId="template-content"
              label="Content"
              hint="The email's blocks, as a JSON email document; {{ variables }} are filled in when it is sent."
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
                    return 'The template is the default again.';
                  }}
                >
                  Reset to the default
                </ActionButton>
              </div>
            )}
            <OutcomeLine outcome={action.outcome} />
          </>
        )}
      </ApiStates>
      <ApiStates data={preview} loading="Rendering the preview…" failed="The preview">
        {(rendered) => (
          <div data-testid="template-preview">
            <p className={textClass}>
              <strong>Subject:</strong> <span data-testid="template-preview-subject">{rendered.subject}</span>
            </p>
            {/* Sandboxed: the email's own markup, with no script and no access to the console. */}
            <iframe className={previewFrameClass} title={`Preview of the ${templateNames[type] ?? type} email`} sandbox="" srcDoc={rendered.html} />
          </div>
        )}
      </ApiStates>
    </Section>
  );
}

function TemplateSubjectForm(props: { subject: string; action: ReturnType<typeof useAction>; onSave(subject: string): Promise<unknown> }) {
  const [subject, setSubject] = useState(props.subject);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void props.action.run(async () => {
      await props.onSave(subject);
      return 'Subject saved.';
    });
  };
  return (
    <RowForm onSubmit={submit} submit="Save subject" submitClass={secondaryButtonClass} busy={props.action.busy}>
      <TextField id="template-subject" label="Subject" value={subject} maxLength={1000} onChange={setSubject} />
    </RowForm>
  );
}

function OutboxSection(props: { api: AdminApi; projectId: string }) {
  const outbox = useApiData(() => props.api.project<{ items: OutboxEmail[] }>(props.projectId, 'GET', '/emails/outbox'), [props.projectId]);
  return (
    <Section
      id="outbox-title"
      title="Development outbox"
      actions={
        <button type="button" className={secondaryButtonClass} onClick={outbox.reload}>
          Refresh
        </button>
      }
    >
      <p className={mutedClass}>In development, a project without its own SMTP server keeps its emails here instead of sending them (the newest 50).</p>
      <DataTable
        items="outbox emails"
        data={outbox}
        empty={{ title: 'The outbox is empty', hint: 'Sign-up, reset and invitation emails appear here while the instance runs in development.' }}
        columns={[
          { header: 'When', wideOnly: true, className: cellNowrapClass, cell: (email) => new Date(email.created_at_millis).toLocaleString() },
          { header: 'To', cell: (email) => email.recipient },
          {
            header: 'Email',
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
