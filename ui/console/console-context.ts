// What every console page reads: the API calls as the signed-in admin, the admin's own profile
// and the page settings authd served. Provided once by the session gate.
import { createContext, useContext } from 'react';
import type { AdminApi } from './admin-api';
import type { ConsoleConfig } from '../../server/protocol/admin-console-config';

export interface SignedInAdmin {
  id: string;
  primary_email: string | null;
  display_name: string | null;
}

export interface ConsoleSession {
  api: AdminApi;
  config: ConsoleConfig;
  admin: SignedInAdmin;
  /** Ends the admin's session and returns to the internal project's sign-in. */
  signOut(): Promise<void>;
}

export const ConsoleSessionContext = createContext<ConsoleSession | null>(null);

export function useConsoleSession(): ConsoleSession {
  const session = useContext(ConsoleSessionContext);
  if (!session) throw new Error('useConsoleSession outside the signed-in console');
  return session;
}
