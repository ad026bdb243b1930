// Security › Change password: a button that opens the form (old password, new password and its
// repeat, with sign-up's rules), then a success message; the form loads when
// opened (change-password-form.tsx). A wrong old password is 'Incorrect
// password' on that field.
import { lazy, Suspense, useState } from 'react';
import { useUser } from '../hooks';
import {
  compactSecondaryButtonClass,
  sectionClass,
  sectionTextClass,
  sectionTitleClass,
  settingRowClass,
  successTextClass,
} from './settings-styles';
import { useFocusBackWhenClosed } from '../focus-moves';
import { useSecurityT } from '../i18n/messages-context';

const ChangePasswordForm = lazy(() => import('./change-password-form').then((m) => ({ default: m.ChangePasswordForm })));

export function ChangePasswordSection() {
  const t = useSecurityT();
  const user = useUser({ or: 'redirect' });
  const [state, setState] = useState<'collapsed' | 'form' | 'done'>('collapsed');
  // Changed or cancelled: focus goes back to the button that opened the form.
  const opener = useFocusBackWhenClosed<HTMLButtonElement>(state === 'form');
  return (
    <div className={sectionClass} data-testid="change-password-section">
      <div className={settingRowClass}>
        <div>
          <h3 className={sectionTitleClass}>{t('password.title')}</h3>
          <p className={sectionTextClass}>
            {t(user.hasPassword ? 'password.text' : 'password.none')}
          </p>
        </div>
        {user.hasPassword && state !== 'form' && (
          <button ref={opener} type="button" className={compactSecondaryButtonClass} onClick={() => setState('form')}>
            {t('password.open')}
          </button>
        )}
      </div>
      {state === 'form' && (
        <Suspense fallback={null}>
          <ChangePasswordForm onDone={() => setState('done')} onCancel={() => setState('collapsed')} />
        </Suspense>
      )}
      {state === 'done' && (
        <p className={successTextClass} role="status">
          {t('password.changed')}
        </p>
      )}
    </div>
  );
}
