// Security › Connected accounts: the user's accounts at OAuth providers (provider, and the
// account's email or id there), and a Connect button for each provider the project enables that
// is not connected yet, which goes through the provider and comes back here (`type=link`).
// No Disconnect: the API has no call that removes a provider account from a user.
import { useState } from 'react';
import { useAuthRuntime } from '../auth-context';
import { providerName } from '../components/provider-names';
import { messageOf } from '../form-submit';
import { useProject, useUser } from '../hooks';
import {
  compactSecondaryButtonClass,
  sectionClass,
  sectionTextClass,
  sectionTitleClass,
  settingRowClass,
} from './settings-styles';
import { useSecurityT } from '../i18n/messages-context';
import { SectionError } from './section-error';

export function ConnectedAccountsSection() {
  const runtime = useAuthRuntime();
  const t = useSecurityT();
  const user = useUser({ or: 'redirect' });
  const project = useProject();
  const [connecting, setConnecting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const connected = user.oauthProviders;
  const connectable = project.config.enabledOAuthProviders
    .map((provider) => provider.id)
    .filter((id) => !connected.some((account) => account.id === id));
  if (connected.length === 0 && connectable.length === 0) return null;

  return (
    <div className={sectionClass} data-testid="connected-accounts-section">
      <div>
        <h3 className={sectionTitleClass}>{t('accounts.title')}</h3>
        <p className={sectionTextClass}>
          {t(connected.length === 0 ? 'accounts.none' : 'accounts.some')}
        </p>
      </div>
      {connected.map((account) => (
        <div className={settingRowClass} key={`${account.id}:${account.accountId}`} data-testid="connected-account">
          <div>
            <p className={sectionTitleClass}>{providerName(account.id)}</p>
            <p className={sectionTextClass}>{account.email ?? t('accounts.account', { id: account.accountId })}</p>
          </div>
        </div>
      ))}
      {connectable.map((id) => (
        <div className={settingRowClass} key={id}>
          <p className={sectionTextClass}>{providerName(id)}</p>
          <button
            type="button"
            className={compactSecondaryButtonClass}
            disabled={connecting !== null}
            onClick={() => {
              setConnecting(id);
              setError(null);
              // The page is left for the provider; only a failure to start comes back here.
              runtime.client.linkOAuthAccount(id, { afterCallbackRedirectUrl: location.href }).catch((failure: unknown) => {
                setError(messageOf(failure));
                setConnecting(null);
              });
            }}
          >
            {connecting === id ? t('accounts.connecting') : t('accounts.connect', { provider: providerName(id) })}
          </button>
        </div>
      ))}
      <SectionError message={error} />
    </div>
  );
}
