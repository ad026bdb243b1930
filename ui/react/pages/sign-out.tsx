// {handler}/sign-out: ends the session on the server, then shows the signed-out card.
import { useEffect, useState } from 'react';
import { useAuthRuntime } from '../auth-context';
import { Card } from '../components/card';
import { SignedOutCard } from '../components/status-cards';
import { usePagesT } from '../i18n/messages-context';

export function SignOut() {
  const runtime = useAuthRuntime();
  const t = usePagesT();
  const [done, setDone] = useState(false);
  useEffect(() => {
    let active = true;
    void runtime.client
      .signOut()
      .then(() => runtime.reloadUser())
      .finally(() => active && setDone(true));
    return () => {
      active = false;
    };
  }, [runtime]);
  return done ? <SignedOutCard /> : <Card title={t('signOut.pending')} testId="signing-out" />;
}
