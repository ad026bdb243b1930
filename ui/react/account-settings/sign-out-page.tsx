// The Sign Out item: one 'Sign Out' button that ends the session and leaves for the after-sign-out page.
import { useState } from 'react';
import { useAuthRuntime } from '../auth-context';
import { compactPrimaryButtonClass, sectionClass, sectionTextClass } from './settings-styles';
import { useSettingsT } from '../i18n/messages-context';

export function SignOutPage() {
  const runtime = useAuthRuntime();
  const t = useSettingsT();
  const [busy, setBusy] = useState(false);
  return (
    <div className={sectionClass}>
      <p className={sectionTextClass}>{t('signOut.text')}</p>
      <div>
        <button
          type="button"
          className={compactPrimaryButtonClass}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void runtime.client
              .signOut()
              .then(() => runtime.reloadUser())
              .finally(() => runtime.navigate(runtime.urls.afterSignOut));
          }}
        >
          {t('settings.signOut')}
        </button>
      </div>
    </div>
  );
}
