// Spanish messages of the <UserButton> and <SelectedTeamSwitcher> components (source: components-en.ts).
import type { Catalogue } from '../message-format';
import type { ComponentsKey } from './components-en';

export default {
  'userButton.account': "Cuenta",
  'userButton.menuOf': "Menú de la cuenta de {name}",
  'userButton.menuSignedOut': "Menú de la cuenta, sin sesión iniciada",
  'userButton.notSignedIn': "Sin sesión iniciada",
  'userButton.accountSettings': "Configuración de la cuenta",
  'userButton.toggleTheme': "Cambiar tema",
  'teamSwitcher.team': "Equipo",
  'teamSwitcher.select': "Seleccionar equipo",
  'teamSwitcher.current': "Equipo actual",
  'teamSwitcher.settings': "Configuración del equipo",
  'teamSwitcher.loading': "Cargando equipos…",
  'teamSwitcher.others': "Otros equipos",
  'teamSwitcher.none': "Todavía no hay equipos",
  'teamSwitcher.create': "Crear un equipo",
} satisfies Catalogue<ComponentsKey>;
