// French text of authd's default emails (source: en.ts).
import type { Catalogue } from '../message-format';
import type { EmailsKey } from './emails-en';

export default {
  'verification.subject': "Vérifiez votre adresse e-mail sur {{ projectDisplayName }}",
  'verification.heading': "Vérifiez votre adresse e-mail sur {{ projectDisplayName }}",
  'verification.greeting': "Bonjour {{ userDisplayName }}, veuillez confirmer que cette adresse e-mail est bien la vôtre.",
  'verification.button': "Vérifier mon adresse e-mail",
  'verification.note': "Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail.",
  'reset.subject': "Réinitialisez votre mot de passe sur {{ projectDisplayName }}",
  'reset.heading': "Réinitialisez votre mot de passe sur {{ projectDisplayName }}",
  'reset.greeting': "Bonjour {{ userDisplayName }}, quelqu’un a demandé la réinitialisation du mot de passe de votre compte.",
  'reset.button': "Choisir un nouveau mot de passe",
  'reset.note': "Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail.",
  'magicLink.subject': "Connexion à {{ projectDisplayName }} : votre code est {{ otp }}",
  'magicLink.heading': "Connexion à {{ projectDisplayName }}",
  'magicLink.codeIntro': "Votre code de connexion :",
  'magicLink.button': "Se connecter",
  'magicLink.note': "Si vous n’avez pas essayé de vous connecter, vous pouvez ignorer cet e-mail.",
  'invitation.subject': "Vous êtes invité à rejoindre {{ teamDisplayName }} sur {{ projectDisplayName }}",
  'invitation.heading': "Rejoindre {{ teamDisplayName }}",
  'invitation.text': "Bonjour {{ userDisplayName }}, vous êtes invité à rejoindre {{ teamDisplayName }} sur {{ projectDisplayName }}.",
  'invitation.button': "Rejoindre l’équipe",
  'invitation.note': "Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.",
} satisfies Catalogue<EmailsKey>;
