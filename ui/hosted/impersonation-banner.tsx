// The banner of an impersonation session: whoever looks at the screens is an admin signed in as
// the user, and is told so on every screen, with the way out. Loaded only when the session's
// access token carries an `act` claim (main.tsx), so no other visitor downloads it.
import type { CSSProperties } from 'react';
import { useAuthRuntime } from '../react/auth-context';
import { useResolvedTheme } from '../react/components/card';
import { usePagesT } from '../react/i18n/lazy-messages';

// Inline styles over the theme's variables rather than Panda classes: the classes would go into
// the one stylesheet every screen loads, and the banner is for the rare impersonation session.
const bannerStyle: CSSProperties = {
  background: 'var(--authd-colors-accent)',
  color: 'var(--authd-colors-on-accent)',
  fontFamily: 'var(--authd-fonts-body)',
  fontSize: 'var(--authd-font-sizes-md)',
  lineHeight: 1.4,
  padding: 'var(--authd-spacing-2) var(--authd-spacing-4)',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 'var(--authd-spacing-3)',
  textAlign: 'center',
};

const endStyle: CSSProperties = {
  background: 'transparent',
  color: 'inherit',
  border: '1px solid currentColor',
  borderRadius: 'var(--authd-radii-control)',
  padding: 'var(--authd-spacing-1) var(--authd-spacing-3)',
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
};

export function ImpersonationBanner(props: { user: string }) {
  const runtime = useAuthRuntime();
  const theme = useResolvedTheme(runtime.theme);
  const t = usePagesT();
  return (
    <aside style={bannerStyle} data-authd-theme={theme} data-testid="impersonation-banner">
      <p style={{ margin: 0 }}>{t('impersonation.banner', { user: props.user })}</p>
      <button type="button" style={endStyle} onClick={() => runtime.navigate(runtime.urls['sign-out'])}>
        {t('impersonation.end')}
      </button>
    </aside>
  );
}
