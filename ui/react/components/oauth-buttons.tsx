// One button per enabled OAuth provider: 'Sign in with X' / 'Sign up with X', each with
// its brand's mark (inline SVG, drawn here) in the style its sign-in guidelines ask for: Google
// white with its four colours, the others on their brand colour. Any other provider shows its id.
// More than three providers: a compact two-column grid of the same buttons.
import { useState, type ReactNode } from 'react';
import { useAuthRuntime } from '../auth-context';
import { formProblemOf, messageOf } from '../form-submit';
import { isTrustedRedirect, refusedRedirectUrl, trustOf } from '../redirect-rules';
import { useResolvedTheme } from './card';
import { Spinner } from './form-parts';
import { keepOAuthReturnTo, withPageLanguage } from './oauth-return-to';
import { providerName } from './provider-names';
import { errorTextClass } from './styles';
import { compactProviderListClass, providerButtonClass, providerListClass } from './provider-button-styles';
import { useT, useAuthT } from '../i18n/messages-context';

interface Brand {
  background: string;
  text: string;
  border: string;
  /** On the dark card: a border that keeps a dark button's edge in sight (3:1 or more). */
  darkBorder?: string;
  logo: ReactNode;
}

const logo = (children: ReactNode, viewBox = '0 0 24 24') => (
  <svg width="18" height="18" viewBox={viewBox} aria-hidden="true" focusable="false">
    {children}
  </svg>
);

// Colours from each provider's published brand guidelines for sign-in buttons. The borders keep
// the white and black buttons visible on the dark and light cards alike.
export const providerBrands: Record<string, Brand> = {
  google: {
    background: '#ffffff',
    text: '#1f1f1f',
    border: '#747775',
    logo: logo(
      <>
        <path fill="#4285F4" d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z" />
        <path
          fill="#34A853"
          d="M12 23c3 0 5.5-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.2v2.8A11 11 0 0 0 12 23z"
        />
        <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.6-2.8z" />
        <path fill="#EA4335" d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
      </>,
    ),
  },
  github: {
    background: '#24292f',
    text: '#ffffff',
    border: '#57606a',
    darkBorder: '#8c959f',
    logo: logo(
      <path
        fill="currentColor"
        d="M12 1.5a10.5 10.5 0 0 0-3.3 20.5c.5.1.7-.2.7-.5v-1.8c-2.9.6-3.5-1.4-3.5-1.4-.5-1.2-1.2-1.5-1.2-1.5-1-.6 0-.6 0-.6 1 .1 1.6 1.1 1.6 1.1.9 1.6 2.5 1.1 3.1.9.1-.7.4-1.1.6-1.4-2.3-.3-4.8-1.2-4.8-5.2 0-1.1.4-2 1.1-2.8-.1-.3-.5-1.3.1-2.8 0 0 .9-.3 2.9 1.1a10 10 0 0 1 5.2 0c2-1.4 2.9-1.1 2.9-1.1.6 1.5.2 2.5.1 2.8.7.8 1.1 1.7 1.1 2.8 0 4-2.5 4.9-4.8 5.2.4.3.7.9.7 1.9v2.8c0 .3.2.6.7.5A10.5 10.5 0 0 0 12 1.5z"
      />,
    ),
  },
  facebook: {
    background: '#0866ff',
    text: '#ffffff',
    border: '#0866ff',
    logo: logo(
      <>
        <circle cx="12" cy="12" r="11" fill="#ffffff" />
        <path
          fill="#0866ff"
          d="M13.4 23v-8.3h2.8l.4-3.3h-3.2V9.3c0-.9.3-1.6 1.6-1.6h1.7V4.8a22 22 0 0 0-2.5-.1c-2.5 0-4.2 1.5-4.2 4.3v2.4H7.2v3.3H10V23z"
        />
      </>,
    ),
  },
  microsoft: {
    background: '#ffffff',
    text: '#5e5e5e',
    border: '#8c8c8c',
    logo: logo(
      <>
        <path fill="#f25022" d="M2 2h9.5v9.5H2z" />
        <path fill="#7fba00" d="M12.5 2H22v9.5h-9.5z" />
        <path fill="#00a4ef" d="M2 12.5h9.5V22H2z" />
        <path fill="#ffb900" d="M12.5 12.5H22V22h-9.5z" />
      </>,
    ),
  },
  spotify: {
    background: '#1ed760',
    text: '#000000',
    border: '#1ed760',
    logo: logo(
      <>
        <circle cx="12" cy="12" r="11" fill="#000000" />
        <path
          fill="none"
          stroke="#1ed760"
          strokeLinecap="round"
          strokeWidth="1.8"
          d="M6.5 9.2c3.7-1.1 8-.8 11.3 1.1M7 12.6c3-.8 6.4-.5 9.1 1M7.6 15.8c2.4-.6 4.9-.4 7 .8"
        />
      </>,
    ),
  },
  discord: {
    background: '#5865f2',
    text: '#ffffff',
    border: '#5865f2',
    logo: logo(
      <path
        fill="currentColor"
        d="M19.3 5.3A16.5 16.5 0 0 0 15.2 4l-.5 1a15.3 15.3 0 0 0-5.4 0l-.5-1a16.5 16.5 0 0 0-4.1 1.3C2.1 9.2 1.4 13 1.7 16.8a16.6 16.6 0 0 0 5 2.5l1.1-1.7-1.7-.8.4-.3a11.8 11.8 0 0 0 11 0l.4.3-1.7.8 1.1 1.7a16.6 16.6 0 0 0 5-2.5c.4-4.4-.7-8.2-3-11.5zM8.7 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2zm6.6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2z"
      />,
    ),
  },
  gitlab: {
    // GitLab's dark charcoal button keeps its orange mark and white label readable (the orange
    // background with a white label was 2.86:1).
    background: '#171321',
    text: '#ffffff',
    border: '#4b4656',
    darkBorder: '#8e8a99',
    logo: logo(
      <>
        <path fill="#e24329" d="M12 21.5 16 9.3H8z" />
        <path fill="#fc6d26" d="M12 21.5 8 9.3H2.5zM12 21.5l4-12.2h5.5z" />
        <path fill="#fca326" d="M2.5 9.3 1.3 13c-.1.3 0 .7.3.9L12 21.5zM21.5 9.3l1.2 3.7c.1.3 0 .7-.3.9L12 21.5z" />
        <path fill="#e24329" d="M2.5 9.3H8L5.6 2.1c-.1-.4-.7-.4-.8 0zM21.5 9.3H16l2.4-7.2c.1-.4.7-.4.8 0z" />
      </>,
    ),
  },
};

export function OAuthButtons(props: { type: 'sign-in' | 'sign-up'; providerIds: readonly string[]; returnTo: string | null }) {
  const runtime = useAuthRuntime();
  const t = useT();
  const authT = useAuthT();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const labelKey = props.type === 'sign-in' ? 'oauth.signInWith' : 'oauth.signUpWith';
  const compact = props.providerIds.length > 3;
  const dark = useResolvedTheme(runtime.theme) === 'dark';

  async function start(providerId: string) {
    setError(null);
    setStarting(providerId);
    // An untrusted target would only be refused by the authorize call, as a bare JSON page:
    // refused here instead, on the error card, before the person leaves for the provider.
    if (props.returnTo !== null && !isTrustedRedirect(props.returnTo, trustOf(runtime))) {
      runtime.navigate(refusedRedirectUrl(runtime.urls.error, props.returnTo));
      return;
    }
    try {
      const absoluteReturnTo = keepOAuthReturnTo(props.returnTo);
      const handlerUrls = runtime.client.handlerUrls();
      await runtime.client.signInWithOAuth(providerId, {
        redirectUrl: withPageLanguage(handlerUrls.oauthCallback),
        errorRedirectUrl: withPageLanguage(handlerUrls.error),
        afterCallbackRedirectUrl: absoluteReturnTo,
      });
    } catch (failure) {
      setError(formProblemOf(failure, t) ?? messageOf(failure, t));
      setStarting(null);
    }
  }

  return (
    <div className={compact ? compactProviderListClass : providerListClass} data-compact={compact || undefined}>
      {props.providerIds.map((id) => {
        const brand = providerBrands[id];
        const label = authT(labelKey, { provider: providerName(id) });
        return (
          <button
            key={id}
            type="button"
            className={providerButtonClass}
            data-provider={id}
            // The compact grid shows the brand name only; the full label stays the accessible name.
            aria-label={compact ? label : undefined}
            title={compact ? label : undefined}
            disabled={starting !== null}
            style={
              brand
                ? { background: brand.background, color: brand.text, borderColor: (dark && brand.darkBorder) || brand.border }
                : undefined
            }
            onClick={() => void start(id)}
          >
            {starting === id ? <Spinner size={18} /> : brand?.logo}
            <span>{compact ? providerName(id) : label}</span>
          </button>
        );
      })}
      {error && (
        <span role="alert" className={errorTextClass}>
          {error}
        </span>
      )}
    </div>
  );
}
