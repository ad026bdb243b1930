// Italian messages of the account settings (source: en.ts).
import type { Catalogue } from '../message-format';
import type { SettingsKey } from './settings-en';

export default {
  'settings.title': "Impostazioni account",
  'settings.profile': "Il mio profilo",
  'settings.security': "Sicurezza",
  'settings.connectedApps': "App collegate",
  'settings.signOut': "Esci",
  'settings.teams': "Team",
  'settings.createTeam': "Crea un team",
  'settings.close': "Chiudi",
  'settings.edit': "Modifica",
  'settings.save': "Salva",
  'settings.cancel': "Annulla",
  'profile.imageHeading': "Immagine del profilo",
  'profile.imageText': "Fai clic sull’immagine per caricarne una nuova.",
  'profile.changeImage': "Cambia l’immagine del profilo",
  'profile.displayName': "Nome visualizzato",
  'profile.displayNameText': "È così che ti vedono gli altri.",
  'profile.editDisplayName': "Modifica il nome visualizzato",
  'profile.notSet': "Non impostato",
  'profile.displayNameSaved': "Nome visualizzato salvato.",
  'profile.language': "Lingua",
  'profile.languageText': "La lingua di queste pagine e delle email che ti inviamo.",
  'profile.languageAutomatic': "Automatica ({language})",
  'profile.languageSaved': "Lingua salvata.",
  'profile.memberSince': "Membro dal {date}",
  'signOut.text': "Esci dal tuo account su questo dispositivo.",
  'settings.editLabel': "Modifica {label}",
} satisfies Catalogue<SettingsKey>;
