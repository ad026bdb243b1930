// The dialog before anything that cannot be undone (deleting a project or a user): the person
// types the thing's name to show they mean it, and the dialog stays open with the API's message
// when the call fails.
import { FailureAlert } from './page-states';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { describeFailure } from './admin-api';
import { useConsoleT } from './console-messages';
import {
  dangerButtonClass,
  dialogActionsClass,
  dialogBackdropClass,
  dialogContentClass,
  dialogPositionerClass,
  columnFieldClass,
  formContentsClass,
  inputClass,
  labelClass,
  secondaryButtonClass,
  sectionTitleClass,
  smallDangerButtonClass,
  textClass,
} from './styles';

export function TypedConfirmation(props: {
  /** The trigger button's text, e.g. "Delete project". */
  action: string;
  title: string;
  description: string;
  /** What must be typed, exactly. */
  phrase: string;
  onConfirm(): Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const matches = typed === props.phrase;
  const t = useConsoleT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await props.onConfirm();
      setOpen(false);
    } catch (error) {
      setFailure(describeFailure(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (!details.open) {
          setTyped('');
          setFailure(null);
        }
      }}
      role="alertdialog"
    >
      <Dialog.Trigger className={smallDangerButtonClass}>{props.action}</Dialog.Trigger>
      <Portal>
        <div className="authd-root" data-authd-theme={document.querySelector('[data-authd-theme]')?.getAttribute('data-authd-theme') ?? 'light'}>
          <Dialog.Backdrop className={dialogBackdropClass} />
          <Dialog.Positioner className={dialogPositionerClass}>
            <Dialog.Content className={dialogContentClass}>
              <form onSubmit={submit} className={formContentsClass}>
                <Dialog.Title className={sectionTitleClass}>{props.title}</Dialog.Title>
                <Dialog.Description className={textClass}>{props.description}</Dialog.Description>
                <div className={columnFieldClass}>
                  <label className={labelClass} htmlFor="typed-confirmation">
                    {t.rich('confirm.typeToConfirm', { phrase: <strong>{props.phrase}</strong> })}
                  </label>
                  <input
                    id="typed-confirmation"
                    className={inputClass}
                    value={typed}
                    autoComplete="off"
                    spellCheck={false}
                    onChange={(event) => setTyped(event.target.value)}
                  />
                </div>
                <FailureAlert message={failure} />
                <div className={dialogActionsClass}>
                  <Dialog.CloseTrigger className={secondaryButtonClass} type="button">
                    {t('confirm.cancel')}
                  </Dialog.CloseTrigger>
                  <button type="submit" className={dangerButtonClass} disabled={!matches || busy}>
                    {busy ? t('confirm.deleting') : props.action}
                  </button>
                </div>
              </form>
            </Dialog.Content>
          </Dialog.Positioner>
        </div>
      </Portal>
    </Dialog.Root>
  );
}
