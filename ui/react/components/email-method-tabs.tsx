// The 'Magic Link' / 'Password' tabs of the sign-in and sign-up page, written on the
// WAI-ARIA tabs pattern (tablist, roving tabindex, arrow/Home/End keys, automatic activation)
// rather than Ark UI's Tabs: the tab machine cost the sign-in screen about 9 KB of its budget.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tabContentClass, tabListClass, tabTriggerClass } from './tab-styles';
import { useTextDirection, useAuthT } from '../i18n/messages-context';

const tabs = [
  { value: 'magic-link', label: 'auth.magicLinkTab' },
  { value: 'password', label: 'auth.passwordTab' },
] as const;
type TabValue = (typeof tabs)[number]['value'];

export function EmailMethodTabs(props: { magicLink: ReactNode; password: ReactNode }) {
  const authT = useAuthT();
  // Right to left, the next tab is the one on the left.
  const step = useTextDirection() === 'rtl' ? -1 : 1;
  const [selected, setSelected] = useState<TabValue>('magic-link');
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const moves: Record<string, number> = { ArrowRight: index + step, ArrowLeft: index - step, Home: 0, End: tabs.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const wrapped = (next + tabs.length) % tabs.length;
    setSelected(tabs[wrapped]!.value);
    buttons.current[wrapped]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={authT('auth.methodTabs')} className={tabListClass}>
        {tabs.map((tab, index) => (
          <button
            key={tab.value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.value}-tab`}
            aria-controls={`${id}-${tab.value}-panel`}
            aria-selected={selected === tab.value}
            data-selected={selected === tab.value ? '' : undefined}
            tabIndex={selected === tab.value ? 0 : -1}
            className={tabTriggerClass}
            onClick={() => setSelected(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {authT(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${selected}-panel`} aria-labelledby={`${id}-${selected}-tab`} className={tabContentClass}>
        {selected === 'magic-link' ? props.magicLink : props.password}
      </div>
    </div>
  );
}
