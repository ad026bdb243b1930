// A host app that signs people in with authd/react: the provider and the handler screens.
import { createRoot } from 'react-dom/client';
import { createAuthClient } from '../../../ui/client/index';
import { AuthHandler, AuthProvider } from '../../../ui/react/index';

const client = createAuthClient({ baseUrl: location.origin, projectId: 'project', publishableClientKey: 'key' });
createRoot(document.getElementById('root')!).render(
  <AuthProvider client={client}>
    <AuthHandler />
  </AuthProvider>,
);
