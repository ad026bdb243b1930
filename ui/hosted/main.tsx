// Entry of the hosted handler screens that authd serves itself: reads the project's public
// settings authd put in the page, then renders the handler routes for the same-origin API.
import { createRoot } from 'react-dom/client';
import { createAuthClient } from '../client/index';
import { AuthProvider } from '../react/auth-provider';
import { HandlerRoutes } from '../react/handler/handler-routes';
import { lazyPages } from './lazy-pages';
import type { HostedScreensConfig } from '../../server/core/hosted-screens';

const config = JSON.parse(document.getElementById('authd-hosted-config')!.textContent!) as HostedScreensConfig;

const client = createAuthClient({
  baseUrl: location.origin,
  projectId: config.projectId,
  publishableClientKey: config.publishableClientKey,
  handlerPath: config.handlerPath,
  tokenStore: 'cookie',
});

createRoot(document.getElementById('root')!).render(
  <AuthProvider
    client={client}
    handlerPath={config.handlerPath}
    homeUrl={config.homeUrl}
    trustedOrigins={config.trustedOrigins}
    allowLocalhost={config.allowLocalhost}
  >
    <HandlerRoutes pages={lazyPages} />
  </AuthProvider>,
);
