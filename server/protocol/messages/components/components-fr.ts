// French messages of the <UserButton> and <SelectedTeamSwitcher> components (source: components-en.ts).
import type { Catalogue } from '../message-format';
import type { ComponentsKey } from './components-en';

export default {
  'userButton.account': "Compte",
  'userButton.menuOf': "Menu du compte de {name}",
  'userButton.menuSignedOut': "Menu du compte, non connecté",
  'userButton.notSignedIn': "Non connecté",
  'userButton.accountSettings': "Paramètres du compte",
  'userButton.toggleTheme': "Changer de thème",
  'teamSwitcher.team': "Équipe",
  'teamSwitcher.select': "Choisir une équipe",
  'teamSwitcher.current': "Équipe actuelle",
  'teamSwitcher.settings': "Paramètres de l’équipe",
  'teamSwitcher.loading': "Chargement des équipes…",
  'teamSwitcher.others': "Autres équipes",
  'teamSwitcher.none': "Aucune équipe pour l’instant",
  'teamSwitcher.create': "Créer une équipe",
} satisfies Catalogue<ComponentsKey>;
