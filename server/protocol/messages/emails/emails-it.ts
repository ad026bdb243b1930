// Italian text of authd's default emails (source: en.ts).
import type { Catalogue } from '../message-format';
import type { EmailsKey } from './emails-en';

export default {
  'verification.subject': "Verifica la tua email su {{ projectDisplayName }}",
  'verification.heading': "Verifica la tua email su {{ projectDisplayName }}",
  'verification.greeting': "Ciao {{ userDisplayName }}, conferma che questo è il tuo indirizzo email.",
  'verification.button': "Verifica la mia email",
  'verification.note': "Se non hai creato un account, puoi ignorare questa email.",
  'reset.subject': "Reimposta la tua password su {{ projectDisplayName }}",
  'reset.heading': "Reimposta la tua password su {{ projectDisplayName }}",
  'reset.greeting': "Ciao {{ userDisplayName }}, qualcuno ha chiesto di reimpostare la password del tuo account.",
  'reset.button': "Scegli una nuova password",
  'reset.note': "Se non l’hai chiesto tu, puoi ignorare questa email.",
  'magicLink.subject': "Accedi a {{ projectDisplayName }}: il tuo codice è {{ otp }}",
  'magicLink.heading': "Accedi a {{ projectDisplayName }}",
  'magicLink.codeIntro': "Il tuo codice di accesso:",
  'magicLink.button': "Accedi",
  'magicLink.note': "Se non hai provato ad accedere, puoi ignorare questa email.",
  'invitation.subject': "Sei stato invitato a unirti a {{ teamDisplayName }} su {{ projectDisplayName }}",
  'invitation.heading': "Unisciti a {{ teamDisplayName }}",
  'invitation.text': "Ciao {{ userDisplayName }}, sei stato invitato a unirti a {{ teamDisplayName }} su {{ projectDisplayName }}.",
  'invitation.button': "Unisciti al team",
  'invitation.note': "Se non ti aspettavi questo invito, puoi ignorare questa email.",
} satisfies Catalogue<EmailsKey>;
