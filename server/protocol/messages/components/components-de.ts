// German messages of the <UserButton> and <SelectedTeamSwitcher> components (source: components-en.ts).
import type { Catalogue } from '../message-format';
import type { ComponentsKey } from './components-en';

export default {
  'userButton.account': "Konto",
  'userButton.menuOf': "Kontomenü von {name}",
  'userButton.menuSignedOut': "Kontomenü, nicht angemeldet",
  'userButton.notSignedIn': "Nicht angemeldet",
  'userButton.accountSettings': "Kontoeinstellungen",
  'userButton.toggleTheme': "Design wechseln",
  'teamSwitcher.team': "Team",
  'teamSwitcher.select': "Team auswählen",
  'teamSwitcher.current': "Aktuelles Team",
  'teamSwitcher.settings': "Teameinstellungen",
  'teamSwitcher.loading': "Teams werden geladen…",
  'teamSwitcher.others': "Andere Teams",
  'teamSwitcher.none': "Noch keine Teams",
  'teamSwitcher.create': "Team erstellen",
} satisfies Catalogue<ComponentsKey>;
