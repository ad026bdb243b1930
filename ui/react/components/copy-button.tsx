// Copy-to-clipboard with its outcome shown as a toast: 'Copied to clipboard!' or
// 'Failed to copy to clipboard' (in the screens' language from <CopyButton>). Written on the
// Clipboard API rather than Ark UI's Clipboard, whose machine reports "copied" even when the
// browser refuses the write.
import { showToast } from './toasts';
import { useT } from '../i18n/messages-context';

export const copiedMessage = 'Copied to clipboard!';
export const copyFailedMessage = 'Failed to copy to clipboard';

/** Copies `text`; the toasts say so in `messages` (English when called outside a screen). */
export async function copyToClipboard(
  text: string,
  messages: { copied: string; failed: string } = { copied: copiedMessage, failed: copyFailedMessage },
): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    showToast(messages.copied, 'success');
    return true;
  } catch {
    showToast(messages.failed, 'error');
    return false;
  }
}

export function CopyButton(props: { text: string; label: string; className?: string }) {
  const t = useT();
  return (
    <button
      type="button"
      className={props.className}
      onClick={() => void copyToClipboard(props.text, { copied: t('copy.done'), failed: t('copy.failed') })}
    >
      {props.label}
    </button>
  );
}
