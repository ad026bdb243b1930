// Bundled for Chromium by passkeys-in-chromium.test.ts: the published SDK, unmodified, exposed to
// the page so the test can call registerPasskey / signInWithPasskey where navigator.credentials exists.
import { StackClientApp } from '@stackframe/js';

declare global {
  interface Window {
    makeStackApp: (options: { baseUrl: string; projectId: string; publishableClientKey: string }) => StackClientApp;
    navigatedTo: string[];
  }
}

window.navigatedTo = [];
window.makeStackApp = (options) =>
  new StackClientApp({
    ...options,
    tokenStore: 'memory',
    // An object redirect method: the SDK reads the page's URL (registerPasskey needs its hostname)
    // and reports its redirects here instead of leaving the page.
    redirectMethod: { navigate: (url: string) => void window.navigatedTo.push(url) } as never,
    noAutomaticPrefetch: true,
  });
