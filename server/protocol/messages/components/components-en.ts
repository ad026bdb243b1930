// The English source of the <UserButton> and <SelectedTeamSwitcher> components a host app puts
// in its own pages. The package's provider loads it with the screens' messages, so they render
// without waiting; the hosted screens show neither and never download it.
// Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const componentsEn = {
  'userButton.account': 'Account',
  'userButton.menuOf': 'Account menu of {name}',
  'userButton.menuSignedOut': 'Account menu, not signed in',
  'userButton.notSignedIn': 'Not signed in',
  'userButton.accountSettings': 'Account settings',
  'userButton.toggleTheme': 'Toggle theme',
  'teamSwitcher.team': 'Team',
  'teamSwitcher.select': 'Select team',
  'teamSwitcher.current': 'Current team',
  'teamSwitcher.settings': 'Team settings',
  'teamSwitcher.loading': 'Loading teams…',
  'teamSwitcher.others': 'Other teams',
  'teamSwitcher.none': 'No teams yet',
  'teamSwitcher.create': 'Create a team',
} as const;

export type ComponentsKey = keyof typeof componentsEn;

export default componentsEn;
