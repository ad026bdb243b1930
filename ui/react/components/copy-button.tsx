// Copy-to-clipboard with its outcome shown as a toast: 'Copied to clipboard!' or
// 'Failed to copy to clipboard'. Written on the Clipboard API rather than Ark UI's Clipboard,
// whose machine reports "copied" even when the browser refuses the write.
import { showToast } from './toasts';

export const copiedMessage = 'Copied to clipboard!';
export const copyFailedMessage = 'Failed to copy to clipboard';

export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    showToast(copiedMessage, 'success');
    return true;
  } catch {
    showToast(copyFailedMessage, 'error');
    return false;
  }
}

export function CopyButton(props: { text: string; label: string; className?: string }) {
  return (
    <button type="button" className={props.className} onClick={() => void copyToClipboard(props.text)}>
      {props.label}
    </button>
  );
}
