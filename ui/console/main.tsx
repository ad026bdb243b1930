// Entry of the admin console that authd serves at /admin: reads the settings authd put in the
// page, keeps the internal project's session (the same cookies its hosted sign-in writes), and
// renders the console's routes once the session gate has found an admin.
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAuthClient } from '../client/index';
import type { ConsoleConfig } from '../../server/protocol/admin-console-config';
import { SessionGate } from './session-gate';
import { consoleRouter } from './routes';
import { useSystemTheme } from './theme';
import { appClass } from './styles';
import type { MessageDecorator } from '../react/i18n/translator';

const config = JSON.parse(document.getElementById('authd-console-config')!.textContent!) as ConsoleConfig;

const client = createAuthClient({
  baseUrl: location.origin,
  projectId: config.internalProjectId,
  publishableClientKey: config.publishableClientKey,
  handlerPath: `/projects/${config.internalProjectId}/handler`,
  tokenStore: 'cookie',
});

// `?lang=` as the console was opened: it holds for the visit, as the pages' own links drop it.
const langParameter = new URLSearchParams(location.search).get('lang');

function Console(props: { decorate: MessageDecorator }) {
  const theme = useSystemTheme();
  return (
    <div className={`authd-root ${appClass}`} data-authd-theme={theme}>
      <SessionGate client={client} config={config} explicitLocale={langParameter === 'en-XA' ? 'en' : langParameter} decorate={props.decorate}>
        <RouterProvider router={consoleRouter} />
      </SessionGate>
    </div>
  );
}

const render = (decorate: MessageDecorator) => createRoot(document.getElementById('root')!).render(<Console decorate={decorate} />);
// The pseudo locale (`en-XA`: every message marked and lengthened) loads only when a test asks for it.
if (langParameter === 'en-XA') void import('../react/i18n/pseudo-locale').then((module) => render(module.pseudoLocalize));
else render(null);
