// An info icon that explains a field, on Ark UI's Tooltip with no open delay (the product's
// setting); it opens on hover and on keyboard focus, and Escape closes it.
import { Tooltip } from '@ark-ui/react/tooltip';
import { triggerClass, contentClass } from './tooltip-styles';

export function InfoTooltip(props: { label: string; text: string }) {
  return (
    <Tooltip.Root openDelay={0} closeDelay={0}>
      <Tooltip.Trigger className={triggerClass} aria-label={props.label} type="button">
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="10" />
          <path d="M12 16v-4M12 8h.01" />
        </svg>
      </Tooltip.Trigger>
      {/* Not portalled: inside authd's root the theme's colours apply. */}
      <Tooltip.Positioner>
        <Tooltip.Content className={contentClass} data-testid="tooltip">
          {props.text}
        </Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  );
}
