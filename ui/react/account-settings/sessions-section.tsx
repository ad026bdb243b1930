// Security › Active sessions: every device signed in to the account, newest first, with when and
// from where it was last used (or signed in: sign-ins record their device too), named like
// "Chrome on macOS"; this device marked 'This device'; Sign out on any other one, and 'Sign out
// of all other devices'.
import { useEffect, useState } from 'react';
import type { UserSession } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { errorTextClass } from '../components/styles';
import { messageOf } from '../form-submit';
import { describeDevice } from './device-names';
import { compactSecondaryButtonClass, sectionClass, sectionTextClass, sectionTitleClass, settingRowClass } from './settings-styles';

function lastUseOf(session: UserSession): string {
  if (session.lastUsedAtMillis === null) return `Signed in ${new Date(session.createdAtMillis).toLocaleString()}`;
  const where = session.lastUsedIp && session.lastUsedIp !== 'unknown' ? ` from ${session.lastUsedIp}` : '';
  return `Last used ${new Date(session.lastUsedAtMillis).toLocaleString()}${where}`;
}

export function SessionsSection() {
  const runtime = useAuthRuntime();
  const [sessions, setSessions] = useState<UserSession[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // This device first, then the others newest first.
  const reload = () =>
    runtime.client
      .listSessions()
      .then((listed) => setSessions([...listed].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent))));
  useEffect(() => {
    void reload().catch((failure) => setError(messageOf(failure)));
  }, []);

  async function signOut(ids: string[]) {
    setBusy(true);
    setError(null);
    try {
      for (const id of ids) await runtime.client.revokeSession(id);
      await reload();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const others = sessions?.filter((session) => !session.isCurrent) ?? [];
  return (
    <div className={sectionClass} data-testid="sessions-section">
      <div>
        <h3 className={sectionTitleClass}>Active sessions</h3>
        <p className={sectionTextClass}>Devices signed in to your account. Sign out any you do not recognise.</p>
      </div>
      {sessions?.map((session) => (
        <div className={settingRowClass} key={session.id} data-testid="session-row">
          <div>
            <p style={{ margin: 0, fontWeight: 500 }}>
              {describeDevice(session.lastUsedUserAgent)}
              {session.isCurrent ? ' · This device' : ''}
            </p>
            <p className={sectionTextClass}>{lastUseOf(session)}</p>
          </div>
          {session.isCurrent ? null : (
            <button
              type="button"
              className={compactSecondaryButtonClass}
              disabled={busy}
              onClick={() => void signOut([session.id])}
            >
              Sign out
            </button>
          )}
        </div>
      ))}
      {others.length > 0 && (
        <div>
          <button
            type="button"
            className={compactSecondaryButtonClass}
            disabled={busy}
            onClick={() => void signOut(others.map((session) => session.id))}
          >
            Sign out of all other devices
          </button>
        </div>
      )}
      {error && (
        <p className={errorTextClass} role="alert" style={{ margin: 0 }}>
          {error}
        </p>
      )}
    </div>
  );
}
