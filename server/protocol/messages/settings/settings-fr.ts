// French messages of the account settings (source: en.ts).
import type { Catalogue } from '../message-format';
import type { SettingsKey } from './settings-en';

export default {
  'settings.title': "Paramètres du compte",
  'settings.profile': "Mon profil",
  'settings.security': "Sécurité",
  'settings.connectedApps': "Applications connectées",
  'settings.signOut': "Se déconnecter",
  'settings.teams': "Équipes",
  'settings.createTeam': "Créer une équipe",
  'settings.close': "Fermer",
  'settings.edit': "Modifier",
  'settings.save': "Enregistrer",
  'settings.cancel': "Annuler",
  'profile.imageHeading': "Photo de profil",
  'profile.imageText': "Cliquez sur l’image pour en importer une nouvelle.",
  'profile.changeImage': "Changer la photo de profil",
  'profile.displayName': "Nom affiché",
  'profile.displayNameText': "C’est ainsi que les autres vous voient.",
  'profile.editDisplayName': "Modifier le nom affiché",
  'profile.notSet': "Non défini",
  'profile.displayNameSaved': "Nom affiché enregistré.",
  'profile.language': "Langue",
  'profile.languageText': "La langue de ces pages et des e-mails qui vous sont envoyés.",
  'profile.languageAutomatic': "Automatique ({language})",
  'profile.languageSaved': "Langue enregistrée.",
  'profile.memberSince': "Membre depuis le {date}",
  'signOut.text': "Déconnectez-vous de votre compte sur cet appareil.",
  'settings.editLabel': "Modifier : {label}",
} satisfies Catalogue<SettingsKey>;
