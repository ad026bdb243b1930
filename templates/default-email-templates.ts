// authd's default email templates: one document per type in the block structure of Stack's
// visual email editor (wire §4.14: a root `EmailLayout` listing Heading, Text, Button and
// Divider blocks). Variables are written {{ name }}. The four editable ones are written in every
// supported language (the email catalogue); the others below are English only.
import type { Locale } from '../server/protocol/locales';
import { emailsByLocale } from '../server/protocol/messages/all-locales';
import type { EmailsKey } from '../server/protocol/messages/emails/emails-en';

export const emailTemplateTypes = ['email_verification', 'password_reset', 'magic_link', 'team_invitation'] as const;
export type EmailTemplateType = (typeof emailTemplateTypes)[number];

type Block =
  | { type: 'Heading'; data: { props: { text: string; level: 'h1' | 'h2' | 'h3' }; style: Record<string, unknown> } }
  | { type: 'Text'; data: { props: { text: string }; style: Record<string, unknown> } }
  | { type: 'Button'; data: { props: { text: string; url: string }; style: Record<string, unknown> } }
  | { type: 'Divider'; data: { props: Record<string, never>; style: Record<string, unknown> } };

export interface EmailDocument {
  root: { type: 'EmailLayout'; data: { childrenIds: string[]; backdropColor: string; canvasColor: string; textColor: string } };
  [blockId: string]: unknown;
}

function document(blocks: [string, Block][]): EmailDocument {
  return {
    root: {
      type: 'EmailLayout',
      data: { childrenIds: blocks.map(([id]) => id), backdropColor: '#f4f4f5', canvasColor: '#ffffff', textColor: '#18181b' },
    },
    ...Object.fromEntries(blocks),
  };
}

const heading = (text: string): Block => ({ type: 'Heading', data: { props: { text, level: 'h2' }, style: {} } });
const paragraph = (text: string): Block => ({ type: 'Text', data: { props: { text }, style: {} } });
const button = (text: string, url: string): Block => ({ type: 'Button', data: { props: { text, url }, style: {} } });
const divider: Block = { type: 'Divider', data: { props: {}, style: {} } };

type DefaultTemplates = Record<EmailTemplateType, { subject: string; content: EmailDocument }>;

/**
 * The four default templates in `locale`, built from the email catalogue
 * (server/protocol/messages/emails): the same blocks in every language, only the words change.
 */
export function defaultEmailTemplatesIn(locale: Locale): DefaultTemplates {
  const m = emailsByLocale[locale];
  // The catalogue's email messages are plain strings (no plural forms): the email renderer fills
  // their {{ variables }}.
  const text = (key: EmailsKey) => m[key] as string;
  return {
    email_verification: {
      subject: text('verification.subject'),
      content: document([
        ['heading', heading(text('verification.heading'))],
        ['greeting', paragraph(text('verification.greeting'))],
        ['button', button(text('verification.button'), '{{ emailVerificationLink }}')],
        ['divider', divider],
        ['note', paragraph(text('verification.note'))],
      ]),
    },
    password_reset: {
      subject: text('reset.subject'),
      content: document([
        ['heading', heading(text('reset.heading'))],
        ['greeting', paragraph(text('reset.greeting'))],
        ['button', button(text('reset.button'), '{{ passwordResetLink }}')],
        ['divider', divider],
        ['note', paragraph(text('reset.note'))],
      ]),
    },
    magic_link: {
      subject: text('magicLink.subject'),
      content: document([
        ['heading', heading(text('magicLink.heading'))],
        // The code alone on its line, as Stack's email has it: what readers and tools copy.
        ['code-intro', paragraph(text('magicLink.codeIntro'))],
        ['code', paragraph('{{ otp }}')],
        ['button', button(text('magicLink.button'), '{{ magicLink }}')],
        ['divider', divider],
        ['note', paragraph(text('magicLink.note'))],
      ]),
    },
    team_invitation: {
      subject: text('invitation.subject'),
      content: document([
        ['heading', heading(text('invitation.heading'))],
        ['invite', paragraph(text('invitation.text'))],
        ['button', button(text('invitation.button'), '{{ teamInvitationLink }}')],
        ['divider', divider],
        ['note', paragraph(text('invitation.note'))],
      ]),
    },
  };
}

/** The defaults as the API lists them (English, the catalogue's source). */
export const defaultEmailTemplates: DefaultTemplates = defaultEmailTemplatesIn('en');

const ignoreNote = (what: string) => paragraph(`If you did not ${what}, you can ignore this email.`);

/**
 * Sent instead of the team invitation when the invited address has no account in the project:
 * the link is the same, but the reader is told to create an account with this address first.
 * Not editable through the API, whose template types are the four of wire §4.14.
 */
export const signInInvitationTemplate: { subject: string; content: EmailDocument } = {
  subject: 'You have been invited to join {{ teamDisplayName }} on {{ projectDisplayName }}',
  content: document([
    ['heading', heading('Join {{ teamDisplayName }} on {{ projectDisplayName }}')],
    [
      'invite',
      paragraph(
        'Hi {{ userDisplayName }}, you have been invited to join {{ teamDisplayName }}. Create your {{ projectDisplayName }} account with this email address, then follow the link to join.',
      ),
    ],
    ['button', button('Sign up and join', '{{ teamInvitationLink }}')],
    ['divider', divider],
    ['note', ignoreNote('expect this invitation')],
  ]),
};

/**
 * The magic-link email for Stack SDKs of 2.5.37 and older, whose screens take no typed code: the
 * link alone, as Stack sends them. Not editable through the API.
 */
export const linkOnlyMagicLinkTemplate: { subject: string; content: EmailDocument } = {
  subject: 'Sign in to {{ projectDisplayName }}',
  content: document([
    ['heading', heading('Sign in to {{ projectDisplayName }}')],
    ['intro', paragraph('Hi {{ userDisplayName }}, follow the link to sign in.')],
    ['button', button('Sign in', '{{ magicLink }}')],
    ['divider', divider],
    ['note', ignoreNote('try to sign in')],
  ]),
};

/**
 * Sent when failed sign-in attempts from many places lock an account: the owner follows the
 * link to lift the lock. Not editable through the API, whose template types are the four of
 * wire §4.14.
 */
export const accountUnlockTemplate: { subject: string; content: EmailDocument } = {
  subject: 'Unlock your {{ projectDisplayName }} account',
  content: document([
    ['heading', heading('Unlock your {{ projectDisplayName }} account')],
    [
      'explain',
      paragraph(
        'Hi {{ userDisplayName }}, there were many failed attempts to sign in to your account, so sign-in is paused. If you want to sign in, follow the link to lift the pause. If those attempts were not yours, consider changing your password.',
      ),
    ],
    ['button', button('Unlock my account', '{{ unlockLink }}')],
  ]),
};
