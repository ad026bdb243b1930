// An info icon that explains a field: a tooltip with no open delay (the product's setting) that
// opens on hover and on keyboard focus and closes on Escape, leaving, or blur. Written on plain
// elements (WAI-ARIA tooltip pattern) rather than Ark UI's Tooltip, whose state machine and
// floating positioning cost a team page about 15 KB brotli of its first load for one tooltip.
import { useEffect, useId, useState } from 'react';
import { contentClass, tooltipAnchorClass, triggerClass } from './tooltip-styles';

export function InfoTooltip(props: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);
  return (
    <span className={tooltipAnchorClass} onPointerEnter={() => setOpen(true)} onPointerLeave={() => setOpen(false)}>
      <button
        type="button"
        className={triggerClass}
        aria-label={props.label}
        aria-describedby={open ? id : undefined}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="10" />
          <path d="M12 16v-4M12 8h.01" />
        </svg>
      </button>
      {/* Not portalled: inside authd's root the theme's colours apply. */}
      {open && (
        <span id={id} role="tooltip" className={contentClass} data-testid="tooltip">
          {props.text}
        </span>
      )}
    </span>
  );
}
