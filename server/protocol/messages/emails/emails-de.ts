// German text of authd's default emails (source: en.ts).
import type { Catalogue } from '../message-format';
import type { EmailsKey } from './emails-en';

export default {
  'verification.subject': "Bestätigen Sie Ihre E-Mail-Adresse bei {{ projectDisplayName }}",
  'verification.heading': "Bestätigen Sie Ihre E-Mail-Adresse bei {{ projectDisplayName }}",
  'verification.greeting': "Hallo {{ userDisplayName }}, bitte bestätigen Sie, dass dies Ihre E-Mail-Adresse ist.",
  'verification.button': "E-Mail-Adresse bestätigen",
  'verification.note': "Wenn Sie kein Konto erstellt haben, können Sie diese E-Mail ignorieren.",
  'reset.subject': "Setzen Sie Ihr Passwort bei {{ projectDisplayName }} zurück",
  'reset.heading': "Setzen Sie Ihr Passwort bei {{ projectDisplayName }} zurück",
  'reset.greeting': "Hallo {{ userDisplayName }}, jemand hat angefordert, das Passwort Ihres Kontos zurückzusetzen.",
  'reset.button': "Neues Passwort wählen",
  'reset.note': "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.",
  'magicLink.subject': "Bei {{ projectDisplayName }} anmelden: Ihr Code lautet {{ otp }}",
  'magicLink.heading': "Bei {{ projectDisplayName }} anmelden",
  'magicLink.codeIntro': "Ihr Anmeldecode:",
  'magicLink.button': "Anmelden",
  'magicLink.note': "Wenn Sie nicht versucht haben, sich anzumelden, können Sie diese E-Mail ignorieren.",
  'invitation.subject': "Sie wurden eingeladen, {{ teamDisplayName }} bei {{ projectDisplayName }} beizutreten",
  'invitation.heading': "{{ teamDisplayName }} beitreten",
  'invitation.text': "Hallo {{ userDisplayName }}, Sie wurden eingeladen, {{ teamDisplayName }} bei {{ projectDisplayName }} beizutreten.",
  'invitation.button': "Dem Team beitreten",
  'invitation.note': "Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
} satisfies Catalogue<EmailsKey>;
