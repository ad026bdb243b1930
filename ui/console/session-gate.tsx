// Who may use the console: an internal-project user whom `authd admins add` marked an admin.
// Signed out (or signed in to another project only, whose session the internal project does not
// see), the visitor goes to the internal project's hosted sign-in and comes back here; another
// internal user is refused with a way to sign out. The check reads the user's own profile
// through the public API; the API still decides on each owned project at every call.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthClient } from '../client/index';
import { createAdminApi, describeFailure } from './admin-api';
import { ConsoleMessages, useConsoleT } from './console-messages';
import type { MessageDecorator } from '../react/i18n/translator';
import { ConsoleSessionContext, type ConsoleSession, type SignedInAdmin } from './console-context';
import { consoleAdminMetadataKey, consoleBasePath, type ConsoleConfig } from '../../server/protocol/admin-console-config';
import { centeredCardClass, mutedClass, pageTitleClass, primaryButtonClass, secondaryButtonClass, textClass } from './styles';

type GateState =
  | { state: 'checking' }
  | { state: 'signing-in' }
  | { state: 'refused'; email: string | null; locale: string | null }
  | { state: 'failed'; error: unknown }
  | { state: 'admin'; admin: SignedInAdmin; locale: string | null };

interface OwnProfile extends SignedInAdmin {
  client_read_only_metadata: Record<string, unknown> | null;
  /** The admin's stored language (account settings → My Profile), null to follow the browser. */
  locale?: string | null;
}

export function signInUrlFor(config: ConsoleConfig, returnTo: string): string {
  return `${config.signInPath}?after_auth_return_to=${encodeURIComponent(returnTo)}`;
}

/**
 * The session check, then the console in the signed-in person's language: its words are loaded
 * once the check knows whose session this is (their stored locale outranks the browser's), so
 * only the chosen locale's messages are downloaded; with `?lang=` they load at once.
 */
export function SessionGate(props: { client: AuthClient; config: ConsoleConfig; explicitLocale: string | null; decorate: MessageDecorator; children: ReactNode }) {
  const { client, config } = props;
  const api = useMemo(() => createAdminApi(client, config.publishableClientKey), [client, config]);
  const [gate, setGate] = useState<GateState>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const check = async () => {
      const token = await client.getAccessToken();
      if (token === null) {
        setGate({ state: 'signing-in' });
        location.assign(signInUrlFor(config, location.pathname + location.search));
        return;
      }
      const me = await api.internal<OwnProfile>('GET', '/users/me');
      const marked = me.client_read_only_metadata?.[consoleAdminMetadataKey] === true;
      if (!current) return;
      const locale = me.locale ?? null;
      setGate(
        marked
          ? { state: 'admin', admin: { id: me.id, primary_email: me.primary_email, display_name: me.display_name }, locale }
          : { state: 'refused', email: me.primary_email, locale },
      );
    };
    check().catch((error: unknown) => current && setGate({ state: 'failed', error }));
    // A sign-out in another tab ends the console here too.
    const unsubscribe = client.onSessionChange((tokens) => {
      if (tokens.refreshToken === null) setAttempt((n) => n + 1);
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [client, config, api, attempt]);

  const signOut = useCallback(async () => {
    // Ends the session on the server and in the cookies the hosted screens share, then offers
    // the internal sign-in again, coming back to the console.
    await client.signOut();
    location.assign(signInUrlFor(config, consoleBasePath));
  }, [client, config]);
  const session: ConsoleSession | null = useMemo(
    () => (gate.state === 'admin' ? { api, config, admin: gate.admin, signOut } : null),
    [gate, api, config, signOut],
  );

  return (
    <ConsoleMessages
      explicit={props.explicitLocale}
      user={gate.state === 'admin' || gate.state === 'refused' ? gate.locale : null}
      ready={gate.state !== 'checking'}
      decorate={props.decorate}
    >
      {session ? (
        <ConsoleSessionContext.Provider value={session}>{props.children}</ConsoleSessionContext.Provider>
      ) : (
        <GateScreen gate={gate} signOut={signOut} retry={() => setAttempt((n) => n + 1)} />
      )}
    </ConsoleMessages>
  );
}

/** What shows while there is no admin: the check, the way to sign-in, a refusal or a failure. */
function GateScreen(props: { gate: GateState; signOut(): Promise<void>; retry(): void }) {
  const { gate, signOut } = props;
  const t = useConsoleT();
  return (
    <main className={centeredCardClass} data-testid={`console-${gate.state}`}>
      {gate.state === 'refused' ? (
        <>
          <h1 className={pageTitleClass}>{t('gate.refusedTitle')}</h1>
          <p className={textClass}>
            {gate.email === null ? t('gate.refusedThisAccount') : t('gate.refused', { email: gate.email })}
          </p>
          <p className={mutedClass}>{t.rich('gate.refusedHint', { command: <code>authd admins add EMAIL</code> })}</p>
          <button type="button" className={secondaryButtonClass} onClick={() => void signOut()}>
            {t('gate.signOutOther')}
          </button>
        </>
      ) : gate.state === 'failed' ? (
        <>
          <h1 className={pageTitleClass}>{t('gate.failedTitle')}</h1>
          <p className={textClass} role="alert">
            {describeFailure(gate.error, t)}
          </p>
          <button type="button" className={primaryButtonClass} onClick={props.retry}>
            {t('state.retry')}
          </button>
        </>
      ) : (
        <>
          <h1 className={pageTitleClass}>{t('shell.brand')}</h1>
          <p className={mutedClass} role="status">
            {gate.state === 'signing-in' ? t('gate.signingIn') : t('gate.checking')}
          </p>
        </>
      )}
    </main>
  );
}
