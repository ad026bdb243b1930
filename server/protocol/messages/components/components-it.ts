// Italian messages of the <UserButton> and <SelectedTeamSwitcher> components (source: components-en.ts).
import type { Catalogue } from '../message-format';
import type { ComponentsKey } from './components-en';

export default {
  'userButton.account': "Account",
  'userButton.menuOf': "Menu dell’account di {name}",
  'userButton.menuSignedOut': "Menu dell’account, accesso non effettuato",
  'userButton.notSignedIn': "Accesso non effettuato",
  'userButton.accountSettings': "Impostazioni account",
  'userButton.toggleTheme': "Cambia tema",
  'teamSwitcher.team': "Team",
  'teamSwitcher.select': "Seleziona un team",
  'teamSwitcher.current': "Team attuale",
  'teamSwitcher.settings': "Impostazioni del team",
  'teamSwitcher.loading': "Caricamento dei team…",
  'teamSwitcher.others': "Altri team",
  'teamSwitcher.none': "Ancora nessun team",
  'teamSwitcher.create': "Crea un team",
} satisfies Catalogue<ComponentsKey>;
