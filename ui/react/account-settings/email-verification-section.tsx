// Security › Email Verification: whether the primary email is verified, and a button that sends
// a verification email and then reads 'Email sent!'.
import { useState } from 'react';
import { useAuthRuntime } from '../auth-context';
import { messageOf } from '../form-submit';
import { useUser } from '../hooks';
import {
  compactSecondaryButtonClass,
  sectionClass,
  sectionTextClass,
  sectionTitleClass,
  settingRowClass,
} from './settings-styles';
import { useSecurityT } from '../i18n/messages-context';
import { SectionError } from './section-error';

export function EmailVerificationSection() {
  const runtime = useAuthRuntime();
  const t = useSecurityT();
  const user = useUser({ or: 'redirect' });
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const status = !user.primaryEmail
    ? t('email.none')
    : t(user.primaryEmailVerified ? 'email.verified' : 'email.notVerified', { email: user.primaryEmail });
  return (
    <div className={sectionClass} data-testid="email-verification-section">
      <div className={settingRowClass}>
        <div>
          <h3 className={sectionTitleClass}>{t('email.title')}</h3>
          <p className={sectionTextClass}>{status}</p>
        </div>
        {user.primaryEmail && !user.primaryEmailVerified && (
          <button
            type="button"
            className={compactSecondaryButtonClass}
            disabled={state !== 'idle'}
            onClick={() => {
              setState('sending');
              setError(null);
              runtime.client.sendVerificationEmail().then(
                () => setState('sent'),
                (failure: unknown) => {
                  setError(messageOf(failure));
                  setState('idle');
                },
              );
            }}
          >
            {t(state === 'sent' ? 'email.sent' : 'email.send')}
          </button>
        )}
      </div>
      <SectionError message={error} />
    </div>
  );
}
