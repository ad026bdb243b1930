// Security › Passkeys, when the project has passkeys on and the browser can run the ceremony:
// only then does the section's code (passkeys-manager.tsx) load, so a project without passkeys
// never downloads it.
import { lazy, Suspense } from 'react';
import { useAuthRuntime } from '../auth-context';
import { useProject } from '../hooks';

const PasskeysManager = lazy(() => import('./passkeys-manager').then((m) => ({ default: m.PasskeysManager })));

export function PasskeysSection() {
  const runtime = useAuthRuntime();
  const project = useProject();
  if (!project.config.passkeyEnabled || !runtime.client.passkeysSupported()) return null;
  return (
    <Suspense fallback={null}>
      <PasskeysManager />
    </Suspense>
  );
}
