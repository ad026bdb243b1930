// German messages of the account settings (source: en.ts).
import type { Catalogue } from '../message-format';
import type { SettingsKey } from './settings-en';

export default {
  'settings.title': "Kontoeinstellungen",
  'settings.profile': "Mein Profil",
  'settings.security': "Sicherheit",
  'settings.connectedApps': "Verbundene Apps",
  'settings.signOut': "Abmelden",
  'settings.teams': "Teams",
  'settings.createTeam': "Team erstellen",
  'settings.close': "Schließen",
  'settings.edit': "Bearbeiten",
  'settings.save': "Speichern",
  'settings.cancel': "Abbrechen",
  'profile.imageHeading': "Profilbild",
  'profile.imageText': "Klicken Sie auf das Bild, um ein neues hochzuladen.",
  'profile.changeImage': "Profilbild ändern",
  'profile.displayName': "Anzeigename",
  'profile.displayNameText': "So sehen andere Sie.",
  'profile.editDisplayName': "Anzeigenamen bearbeiten",
  'profile.notSet': "Nicht festgelegt",
  'profile.displayNameSaved': "Anzeigename gespeichert.",
  'profile.language': "Sprache",
  'profile.languageText': "Die Sprache dieser Seiten und der E-Mails, die Sie erhalten.",
  'profile.languageAutomatic': "Automatisch ({language})",
  'profile.languageSaved': "Sprache gespeichert.",
  'profile.memberSince': "Mitglied seit {date}",
  'signOut.text': "Melden Sie sich auf diesem Gerät von Ihrem Konto ab.",
  'settings.editLabel': "{label} bearbeiten",
} satisfies Catalogue<SettingsKey>;
