// Brazilian Portuguese text of authd's default emails (source: en.ts).
import type { Catalogue } from '../message-format';
import type { EmailsKey } from './emails-en';

export default {
  'verification.subject': "Confirme seu e-mail em {{ projectDisplayName }}",
  'verification.heading': "Confirme seu e-mail em {{ projectDisplayName }}",
  'verification.greeting': "Olá, {{ userDisplayName }}! Confirme que este é o seu endereço de e-mail.",
  'verification.button': "Confirmar meu e-mail",
  'verification.note': "Se você não criou uma conta, pode ignorar este e-mail.",
  'reset.subject': "Redefina sua senha em {{ projectDisplayName }}",
  'reset.heading': "Redefina sua senha em {{ projectDisplayName }}",
  'reset.greeting': "Olá, {{ userDisplayName }}! Alguém pediu para redefinir a senha da sua conta.",
  'reset.button': "Escolher uma nova senha",
  'reset.note': "Se você não fez esse pedido, pode ignorar este e-mail.",
  'magicLink.subject': "Entre em {{ projectDisplayName }}: seu código é {{ otp }}",
  'magicLink.heading': "Entre em {{ projectDisplayName }}",
  'magicLink.codeIntro': "Seu código de acesso:",
  'magicLink.button': "Entrar",
  'magicLink.note': "Se você não tentou entrar, pode ignorar este e-mail.",
  'invitation.subject': "Você foi convidado para participar de {{ teamDisplayName }} em {{ projectDisplayName }}",
  'invitation.heading': "Participe de {{ teamDisplayName }}",
  'invitation.text': "Olá, {{ userDisplayName }}! Você foi convidado para participar de {{ teamDisplayName }} em {{ projectDisplayName }}.",
  'invitation.button': "Participar da equipe",
  'invitation.note': "Se você não esperava este convite, pode ignorar este e-mail.",
} satisfies Catalogue<EmailsKey>;
