// Spanish messages of the account settings (source: en.ts).
import type { Catalogue } from '../message-format';
import type { SettingsKey } from './settings-en';

export default {
  'settings.title': "Configuración de la cuenta",
  'settings.profile': "Mi perfil",
  'settings.security': "Seguridad",
  'settings.connectedApps': "Aplicaciones conectadas",
  'settings.signOut': "Cerrar sesión",
  'settings.teams': "Equipos",
  'settings.createTeam': "Crear un equipo",
  'settings.close': "Cerrar",
  'settings.edit': "Editar",
  'settings.save': "Guardar",
  'settings.cancel': "Cancelar",
  'profile.imageHeading': "Imagen de perfil",
  'profile.imageText': "Haz clic en la imagen para subir una nueva.",
  'profile.changeImage': "Cambiar la imagen de perfil",
  'profile.displayName': "Nombre visible",
  'profile.displayNameText': "Así es como te ven los demás.",
  'profile.editDisplayName': "Editar el nombre visible",
  'profile.notSet': "Sin definir",
  'profile.displayNameSaved': "Nombre visible guardado.",
  'profile.language': "Idioma",
  'profile.languageText': "El idioma de estas pantallas y de los correos que te enviamos.",
  'profile.languageAutomatic': "Automático ({language})",
  'profile.languageSaved': "Idioma guardado.",
  'profile.memberSince': "Miembro desde {date}",
  'signOut.text': "Cierra la sesión de tu cuenta en este dispositivo.",
  'settings.editLabel': "Editar {label}",
} satisfies Catalogue<SettingsKey>;
