// Security › Active sessions: every device signed in to the account, newest first, with when and
// from where it was last used (or signed in: sign-ins record their device too), named like
// "Chrome on macOS"; this device marked 'This device'; Sign out on any other one, and 'Sign out
// of all other devices'.
import { useEffect, useState } from 'react';
import type { UserSession } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { messageOf } from '../form-submit';
import { describeDevice } from './device-names';
import { compactSecondaryButtonClass, sectionClass, sectionTextClass, sectionTitleClass, settingRowClass } from './settings-styles';
import { useSecurityT } from '../i18n/messages-context';
import type { Translator } from '../i18n/translator';
import type { SecurityKey } from '../../../server/protocol/messages/security/security-en';
import { SectionError } from './section-error';

function lastUseOf(session: UserSession, t: Translator<SecurityKey>): string {
  const when = (millis: number) => new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(millis);
  if (session.lastUsedAtMillis === null) return t('sessions.signedIn', { date: when(session.createdAtMillis) });
  const date = when(session.lastUsedAtMillis);
  return session.lastUsedIp && session.lastUsedIp !== 'unknown'
    ? t('sessions.lastUsedFrom', { date, ip: session.lastUsedIp })
    : t('sessions.lastUsed', { date });
}

export function SessionsSection() {
  const runtime = useAuthRuntime();
  const t = useSecurityT();
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
        <h3 className={sectionTitleClass}>{t('sessions.title')}</h3>
        <p className={sectionTextClass}>{t('sessions.text')}</p>
      </div>
      {sessions?.map((session) => (
        <div className={settingRowClass} key={session.id} data-testid="session-row">
          <div>
            <p style={{ margin: 0, fontWeight: 500 }}>
              {describeDevice(session.lastUsedUserAgent, {
                browserOnSystem: (browser, system) => t('sessions.browserOnSystem', { browser, system }),
                systemDevice: (system) => t('sessions.systemDevice', { system }),
                unknown: t('sessions.unknownDevice'),
              })}
              {session.isCurrent ? ` · ${t('sessions.thisDevice')}` : ''}
            </p>
            <p className={sectionTextClass}>{lastUseOf(session, t)}</p>
          </div>
          {session.isCurrent ? null : (
            <button
              type="button"
              className={compactSecondaryButtonClass}
              disabled={busy}
              onClick={() => void signOut([session.id])}
            >
              {t('sessions.signOut')}
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
            {t('sessions.signOutOthers')}
          </button>
        </div>
      )}
      <SectionError message={error} />
    </div>
  );
}
