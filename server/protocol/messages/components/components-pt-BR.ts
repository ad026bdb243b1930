// Brazilian Portuguese messages of the <UserButton> and <SelectedTeamSwitcher> components (source: components-en.ts).
import type { Catalogue } from '../message-format';
import type { ComponentsKey } from './components-en';

export default {
  'userButton.account': "Conta",
  'userButton.menuOf': "Menu da conta de {name}",
  'userButton.menuSignedOut': "Menu da conta, sem login",
  'userButton.notSignedIn': "Você não entrou",
  'userButton.accountSettings': "Configurações da conta",
  'userButton.toggleTheme': "Alternar tema",
  'teamSwitcher.team': "Equipe",
  'teamSwitcher.select': "Selecionar equipe",
  'teamSwitcher.current': "Equipe atual",
  'teamSwitcher.settings': "Configurações da equipe",
  'teamSwitcher.loading': "Carregando equipes…",
  'teamSwitcher.others': "Outras equipes",
  'teamSwitcher.none': "Nenhuma equipe ainda",
  'teamSwitcher.create': "Criar uma equipe",
} satisfies Catalogue<ComponentsKey>;
