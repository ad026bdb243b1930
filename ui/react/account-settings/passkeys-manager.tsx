// Security › Passkeys, loaded by passkeys-section.tsx when shown: the user's named passkeys with Rename and Remove, and Add passkey (the
// browser creates the key; the name is optional). Shown when the project has passkeys on and the
// browser can run the ceremony; on an IP-address origin (where WebAuthn cannot run) it says why
// instead of offering Add passkey. Remove asks for confirmation, and may ask the user to confirm
// it is them (recent-authentication.tsx).
import { useEffect, useState, type FormEvent } from 'react';
import type { Passkey } from '../../client/index';
import { useAuthRuntime } from '../auth-context';
import { inputClass } from '../components/styles';
import { isIpAddressHost } from '../../../server/protocol/localhost-names';
import { formProblemOf, messageOf } from '../form-submit';

/** A failed "Add passkey" in words (never the browser's own text), or null when cancelled. */
function messageOfRegistrationFailure(failure: unknown, t: Translator<ScreensKey>, securityT: Translator<SecurityFormsKey>): string | null {
  if (!(failure instanceof DOMException)) return formProblemOf(failure, t) ?? messageOf(failure, t);
  if (failure.name === 'NotAllowedError' || failure.name === 'AbortError') return null;
  // The browser found one of this account's passkeys already on the device.
  if (failure.name === 'InvalidStateError') {
    return securityT('passkeys.alreadyOnDevice');
  }
  return securityT('passkeys.addFailed');
}
import { useProject } from '../hooks';
import {
  compactPrimaryButtonClass,
  compactSecondaryButtonClass,
  inlineButtonsClass,
  sectionClass,
  sectionTextClass,
  sectionTitleClass,
  settingRowClass,
} from './settings-styles';
import { useRecentAuthentication } from './recent-authentication';
import { useT, useSecurityFormsT } from '../i18n/messages-context';
import type { Translator } from '../i18n/translator';
import type { ScreensKey } from '../../../server/protocol/messages/screens/screens-en';
import type { SecurityFormsKey } from '../../../server/protocol/messages/security-forms/security-forms-en';
import { SectionError } from './section-error';

function PasskeyRow(props: { passkey: Passkey; onChanged(): Promise<void>; onError(message: string): void }) {
  const runtime = useAuthRuntime();
  const t = useSecurityFormsT();
  const screensT = useT();
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [draft, setDraft] = useState(props.passkey.name);
  const [busy, setBusy] = useState(false);
  const recent = useRecentAuthentication();

  async function remove() {
    setBusy(true);
    setRemoving(false);
    await recent.guard(
      async () => {
        await runtime.client.removePasskey(props.passkey.id);
        await props.onChanged();
      },
      (failure) => props.onError(messageOf(failure)),
    );
    setBusy(false);
  }

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
      setRenaming(false);
      await props.onChanged();
    } catch (failure) {
      props.onError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  if (renaming) {
    return (
      <form
        className={inlineButtonsClass}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void run(() => runtime.client.renamePasskey(props.passkey.id, draft));
        }}
      >
        <input
          className={inputClass}
          aria-label={t('passkeys.name')}
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.currentTarget.value)}
          style={{ maxWidth: '240px' }}
        />
        <button type="submit" className={compactPrimaryButtonClass} disabled={busy || draft.trim() === ''}>
          {t('common.save')}
        </button>
        <button type="button" className={compactSecondaryButtonClass} disabled={busy} onClick={() => setRenaming(false)}>
          {screensT('common.cancel')}
        </button>
      </form>
    );
  }
  if (removing || recent.prompt) {
    return (
      <div data-testid="passkey-row" style={{ display: 'flex', flexDirection: 'column', gap: '8px' }}>
        {recent.prompt ?? (
          <div className={inlineButtonsClass}>
            <span className={sectionTextClass}>{t('passkeys.removeQuestion', { name: props.passkey.name })}</span>
            <button type="button" className={compactPrimaryButtonClass} disabled={busy} onClick={() => void remove()}>
              {t('passkeys.remove')}
            </button>
            <button type="button" className={compactSecondaryButtonClass} disabled={busy} onClick={() => setRemoving(false)}>
              {screensT('common.cancel')}
            </button>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className={settingRowClass} data-testid="passkey-row">
      <div>
        <p style={{ margin: 0, fontWeight: 500 }}>{props.passkey.name}</p>
        <p className={sectionTextClass}>{t('passkeys.added', { date: new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium' }).format(props.passkey.createdAtMillis) })}</p>
      </div>
      <div className={inlineButtonsClass}>
        <button type="button" className={compactSecondaryButtonClass} disabled={busy} onClick={() => setRenaming(true)}>
          {t('passkeys.rename')}
        </button>
        <button type="button" className={compactSecondaryButtonClass} disabled={busy} onClick={() => setRemoving(true)}>
          {t('passkeys.removeShort')}
        </button>
      </div>
    </div>
  );
}

export function PasskeysManager() {
  const t = useT();
  const securityT = useSecurityFormsT();
  const runtime = useAuthRuntime();
  const project = useProject();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = project.config.passkeyEnabled && runtime.client.passkeysSupported();
  // On an IP-address origin the section says why there is nothing to add, instead of the
  // browser's error after the button is pressed.
  const possible = !isIpAddressHost(location.hostname);

  async function reload() {
    setPasskeys(await runtime.client.listPasskeys());
    await runtime.reloadUser();
  }

  useEffect(() => {
    if (shown) void runtime.client.listPasskeys().then(setPasskeys, (failure) => setError(messageOf(failure)));
  }, [shown]);

  if (!shown) return null;

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await runtime.client.registerPasskey(name.trim() ? { name: name.trim() } : undefined);
      setName('');
      await reload();
    } catch (failure) {
      // Cancelling the browser's prompt changes nothing and needs no message (null).
      setError(messageOfRegistrationFailure(failure, t, securityT));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={sectionClass} data-testid="passkeys-section">
      <div>
        <h3 className={sectionTitleClass}>{securityT('passkeys.title')}</h3>
        <p className={sectionTextClass} data-testid="passkeys-explanation">
          {securityT(!possible ? 'passkeys.needDomain' : passkeys && passkeys.length > 0 ? 'passkeys.some' : 'passkeys.none')}
        </p>
      </div>
      {passkeys?.map((passkey) => (
        <PasskeyRow key={passkey.id} passkey={passkey} onChanged={reload} onError={setError} />
      ))}
      {possible && (
        <form className={inlineButtonsClass} onSubmit={(event) => void add(event)}>
          <input
            className={inputClass}
            aria-label={securityT('passkeys.newName')}
            placeholder={securityT('passkeys.namePlaceholder')}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ maxWidth: '240px' }}
          />
          <button type="submit" className={compactSecondaryButtonClass} disabled={busy}>
            {securityT('passkeys.add')}
          </button>
        </form>
      )}
      <SectionError message={error} />
    </div>
  );
}
