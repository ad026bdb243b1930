// Where keyboard focus goes when what held it leaves the page: back to the button that opened a
// dialog or an edit field, or to the new screen's heading after the screens move. Without this
// the browser drops focus on the page body and a keyboard or screen-reader user starts over.
import { useEffect, useRef } from 'react';

/**
 * A ref that focuses its element once it is on the page. `autoFocus` alone does not do it under
 * preact/compat (the attribute only counts at page load), so fields shown later (an edit field,
 * a code step) would leave focus on the page body. Module-level, so it runs at mount only.
 */
export const focusWhenMounted = (element: HTMLElement | null): void => element?.focus();

/**
 * A ref for the element that opens something (`open`): when it closes, focus returns there.
 * Runs after the closed part has left the page, so the element is no longer inert behind a modal.
 */
export function useFocusBackWhenClosed<T extends HTMLElement>(open: boolean) {
  const trigger = useRef<T | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      trigger.current?.focus();
    }
  }, [open]);
  return trigger;
}

/**
 * After the screens move to another page, focus the new page's main heading once it is shown,
 * unless something on it (an autofocused field) already took focus.
 */
export function focusHeadingOfNewScreen(root: ParentNode = document): () => void {
  let frames = 0;
  let handle = 0;
  const tryFocus = () => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const heading = root.querySelector<HTMLElement>('.authd-root h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return;
    }
    // The page may still be loading its code: look again on the next frames, for about a second.
    if (++frames < 60) handle = requestAnimationFrame(tryFocus);
  };
  handle = requestAnimationFrame(tryFocus);
  return () => cancelAnimationFrame(handle);
}
