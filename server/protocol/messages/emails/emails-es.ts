// Spanish text of authd's default emails (source: en.ts).
import type { Catalogue } from '../message-format';
import type { EmailsKey } from './emails-en';

export default {
  'verification.subject': "Verifica tu correo en {{ projectDisplayName }}",
  'verification.heading': "Verifica tu correo en {{ projectDisplayName }}",
  'verification.greeting': "Hola, {{ userDisplayName }}: confirma que esta es tu dirección de correo.",
  'verification.button': "Verificar mi correo",
  'verification.note': "Si no creaste una cuenta, puedes ignorar este correo.",
  'reset.subject': "Restablece tu contraseña en {{ projectDisplayName }}",
  'reset.heading': "Restablece tu contraseña en {{ projectDisplayName }}",
  'reset.greeting': "Hola, {{ userDisplayName }}: alguien ha pedido restablecer la contraseña de tu cuenta.",
  'reset.button': "Elegir una contraseña nueva",
  'reset.note': "Si no lo pediste, puedes ignorar este correo.",
  'magicLink.subject': "Inicia sesión en {{ projectDisplayName }}: tu código es {{ otp }}",
  'magicLink.heading': "Inicia sesión en {{ projectDisplayName }}",
  'magicLink.codeIntro': "Tu código de inicio de sesión:",
  'magicLink.button': "Iniciar sesión",
  'magicLink.note': "Si no intentaste iniciar sesión, puedes ignorar este correo.",
  'invitation.subject': "Te han invitado a unirte a {{ teamDisplayName }} en {{ projectDisplayName }}",
  'invitation.heading': "Únete a {{ teamDisplayName }}",
  'invitation.text': "Hola, {{ userDisplayName }}: te han invitado a unirte a {{ teamDisplayName }} en {{ projectDisplayName }}.",
  'invitation.button': "Unirme al equipo",
  'invitation.note': "Si no esperabas esta invitación, puedes ignorar este correo.",
} satisfies Catalogue<EmailsKey>;
