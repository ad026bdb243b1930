// What the account settings share with their items: the base path, the user's teams (read once,
// reloaded after a change) and moving between items.
import { createContext, useContext } from 'react';
import type { Team } from '../../client/index';

export type TeamsState =
  | { status: 'loading' }
  | { status: 'loaded'; teams: Team[] }
  | { status: 'failed'; error: unknown };

export interface AccountSettingsShared {
  basePath: string;
  teams: TeamsState;
  reloadTeams(): Promise<void>;
  /** Opens the item at `subpath` ('' for the base path). */
  goTo(subpath: string): void;
}

export const AccountSettingsContext = createContext<AccountSettingsShared | null>(null);

export function useAccountSettings(): AccountSettingsShared {
  const shared = useContext(AccountSettingsContext);
  if (!shared) throw new Error('authd: this item must be rendered inside <AccountSettings>.');
  return shared;
}
