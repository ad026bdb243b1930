// How the screens move between pages: handler pages on this origin change the URL in place (the
// handler re-renders from it), anything else is a full navigation. Host apps may override it.
import { useSyncExternalStore } from 'react';
import { handlerPageOf } from './redirect-rules';

/** Fired on `window` after the screens change the URL with the History API. */
export const locationChangeEvent = 'authd:location-change';

export function navigateInBrowser(url: string, handlerPath: string): void {
  const target = new URL(url, location.href);
  if (target.origin === location.origin && handlerPageOf(target.pathname, handlerPath) !== null) {
    history.pushState(null, '', target.pathname + target.search + target.hash);
    window.dispatchEvent(new Event(locationChangeEvent));
    return;
  }
  location.assign(target.toString());
}

function subscribeToLocation(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(locationChangeEvent, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(locationChangeEvent, onChange);
  };
}

/** The current `pathname + search`, re-rendering when the screens or the back button change it. */
export function useBrowserLocation(): string {
  return useSyncExternalStore(
    subscribeToLocation,
    () => location.pathname + location.search,
    () => '/',
  );
}

/** The query parameter `name` of the current page. */
export function currentSearchParameter(name: string): string | null {
  return new URLSearchParams(location.search).get(name);
}
