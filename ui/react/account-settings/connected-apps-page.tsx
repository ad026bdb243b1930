// The Connected apps item: the apps (OpenID Provider clients) the user allowed on the consent
// screen, each with what it may see and since when; 'Revoke access' asks first, then withdraws
// the permission (the app asks again next time, and its tokens end). Its calls and its messages
// load with this item only (connected-app-calls.ts beside it, the connectedApps catalogue).
import { useEffect, useMemo, useState } from 'react';
import type { ConnectedApp } from '../../client/index';
import { connectedAppCalls } from './connected-app-calls';
import { useAuthRuntime } from '../auth-context';
import { errorTextClass } from '../components/styles';
import { messageOf } from '../form-submit';
import {
  compactSecondaryButtonClass,
  dangerButtonClass,
  inlineButtonsClass,
  sectionClass,
  sectionTextClass,
  sectionTitleClass,
  settingRowClass,
  successTextClass,
} from './settings-styles';
import { useLazyT } from '../i18n/messages-context';
import type { Translator } from '../i18n/translator';
import type { ConnectedAppsKey } from '../../../server/protocol/messages/connected-apps/connected-apps-en';

// Written out, not built from the scope's name: the hosted build writes each key as its position.
const scopeKeys: Record<string, ConnectedAppsKey> = {
  openid: 'apps.scope.openid',
  profile: 'apps.scope.profile',
  email: 'apps.scope.email',
  offline_access: 'apps.scope.offline_access',
  teams: 'apps.scope.teams',
};

function AppRow(props: { app: ConnectedApp; t: Translator<ConnectedAppsKey>; onRevoked(app: ConnectedApp): void }) {
  const { app, t } = props;
  const runtime = useAuthRuntime();
  const calls = useMemo(() => connectedAppCalls(runtime.client), [runtime]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const allowedOn = new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium' }).format(app.consentedAtMillis);
  const scopes = app.scopes.filter((scope) => scope in scopeKeys);

  async function revoke() {
    setBusy(true);
    setError(null);
    try {
      await calls.revokeConnectedApp(app.clientId);
      props.onRevoked(app);
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <div className={sectionClass} data-testid="connected-app-row">
      <div className={settingRowClass}>
        <div>
          <h3 className={sectionTitleClass}>{app.name}</h3>
          <p className={sectionTextClass}>{t('apps.allowedOn', { date: allowedOn })}</p>
        </div>
        {!confirming && (
          <button type="button" className={compactSecondaryButtonClass} onClick={() => setConfirming(true)}>
            {t('apps.revoke')}
          </button>
        )}
      </div>
      {scopes.length > 0 && (
        <ul className={sectionTextClass} style={{ margin: 0, paddingInlineStart: '1.25rem', listStyle: 'disc' }}>
          {scopes.map((scope) => (
            <li key={scope}>{t(scopeKeys[scope]!)}</li>
          ))}
        </ul>
      )}
      {confirming && (
        <>
          <p className={sectionTextClass} role="alert">
            {t('apps.question', { app: app.name })}
          </p>
          <div className={inlineButtonsClass}>
            <button type="button" className={dangerButtonClass} disabled={busy} onClick={() => void revoke()}>
              {t('apps.confirm')}
            </button>
            <button type="button" className={compactSecondaryButtonClass} disabled={busy} onClick={() => setConfirming(false)}>
              {t('apps.cancel')}
            </button>
          </div>
        </>
      )}
      {error && (
        <p className={errorTextClass} role="alert" style={{ margin: 0 }}>
          {error}
        </p>
      )}
    </div>
  );
}

export function ConnectedAppsPage() {
  const runtime = useAuthRuntime();
  const t = useLazyT('connectedApps');
  const calls = useMemo(() => connectedAppCalls(runtime.client), [runtime]);
  const [apps, setApps] = useState<ConnectedApp[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);

  useEffect(() => {
    calls.listConnectedApps().then(setApps, (failure: unknown) => setError(messageOf(failure)));
  }, [calls]);

  return (
    <>
      <p className={sectionTextClass}>{t('apps.text')}</p>
      {revoked && (
        <p className={successTextClass} role="status">
          {t('apps.revoked', { app: revoked })}
        </p>
      )}
      {apps?.length === 0 && (
        <div className={sectionClass} data-testid="connected-apps-empty">
          <p className={sectionTextClass}>{t('apps.empty')}</p>
        </div>
      )}
      {apps?.map((app) => (
        <AppRow
          key={app.clientId}
          app={app}
          t={t}
          onRevoked={(gone) => {
            setRevoked(gone.name);
            setApps((list) => list?.filter((other) => other.clientId !== gone.clientId) ?? null);
          }}
        />
      ))}
      {error && (
        <p className={errorTextClass} role="alert" style={{ margin: 0 }}>
          {error}
        </p>
      )}
    </>
  );
}
