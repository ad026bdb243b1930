// Entry of the hosted handler screens that authd serves itself: reads the project's public
// settings authd put in the page, then renders the handler routes for the same-origin API.
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthClient } from '../client/index';
import { AuthProvider } from '../react/auth-provider';
import { HandlerRoutes } from '../react/handler/handler-routes';
import { lazyPages } from '../react/handler/lazy-pages';
import { useBrowserLocation } from '../react/navigation';
import { handlerPageOf, signedUpParameter } from '../react/redirect-rules';
import { hostedDocumentTitle, type HostedScreensConfig } from '../../server/protocol/hosted-screens-config';

const config = JSON.parse(document.getElementById('authd-hosted-config')!.textContent!) as HostedScreensConfig;

const client = createAuthClient({
  baseUrl: location.origin,
  projectId: config.projectId,
  publishableClientKey: config.publishableClientKey,
  handlerPath: config.handlerPath,
  tokenStore: 'cookie',
});

/** Keeps the tab's title on the screen shown, as the server set it for the first one. */
function DocumentTitle() {
  const here = useBrowserLocation();
  useEffect(() => {
    const page = handlerPageOf(here.split('?')[0]!, config.handlerPath);
    // Account settings names its own sections.
    if (page && page !== 'unknown' && page !== 'account-settings') {
      document.title = hostedDocumentTitle(page, config.projectName);
    }
  }, [here]);
  return null;
}

// The page shell is a <main> with a skeleton card beside it, hidden once this renders.
createRoot(document.getElementById('root')!).render(
  <AuthProvider
    client={client}
    handlerPath={config.handlerPath}
    homeUrl={config.homeUrl}
    // Without an app of its own (no trusted domain) a new user lands on the signed-up card,
    // which names the app and the address to verify, instead of a bare settings menu.
    afterSignUpUrl={config.trustedOrigins.length > 0 ? config.homeUrl : `${config.handlerPath}/sign-up?${signedUpParameter}`}
    trustedOrigins={config.trustedOrigins}
    allowLocalhost={config.allowLocalhost}
  >
    <DocumentTitle />
    <HandlerRoutes pages={lazyPages} />
  </AuthProvider>,
);
