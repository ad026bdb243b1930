// Copy for a secret the console shows once (new API keys, a new OIDC client's secret): the
// button says "Copied" after, so the person knows it worked.
import { useState } from 'react';
import { useConsoleT } from './console-messages';
import { smallButtonClass } from './styles';

/** `label` names what is copied, as a whole sentence ("Copy the secret server key"). */
export function CopyButton(props: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const t = useConsoleT();
  return (
    <button
      type="button"
      className={smallButtonClass}
      aria-label={props.label}
      onClick={async () => {
        await navigator.clipboard.writeText(props.value);
        setCopied(true);
      }}
    >
      {copied ? t('keys.copied') : t('keys.copy')}
    </button>
  );
}
