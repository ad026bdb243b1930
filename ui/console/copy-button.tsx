// Copy for a secret the console shows once (new API keys, a new OIDC client's secret): the
// button says "Copied" after, so the person knows it worked.
import { useState } from 'react';
import { smallButtonClass } from './styles';

export function CopyButton(props: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={smallButtonClass}
      aria-label={`Copy the ${props.label.toLowerCase()}`}
      onClick={async () => {
        await navigator.clipboard.writeText(props.value);
        setCopied(true);
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
