// Bundled for Chromium by passkeys-in-chromium.test.ts: authd's own client library, exposed to the
// page so the test can run its passkey calls where navigator.credentials exists.
import { createAuthClient, type AuthClient } from '../../ui/client';

declare global {
  interface Window {
    makeAuthClient: (options: { baseUrl: string; projectId: string; publishableClientKey: string }) => AuthClient;
  }
}

window.makeAuthClient = (options) => createAuthClient({ ...options, tokenStore: 'memory' });
