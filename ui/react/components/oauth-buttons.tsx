// One button per enabled OAuth provider: 'Sign in with X' / 'Sign up with X' in the provider's
// brand colours for the seven branded ones; any other provider shows its id (spec §2).
import { useState } from 'react';
import { useAuthRuntime } from '../auth-context';
import { messageOf } from '../form-submit';
import { errorTextClass, providerButtonClass, providerListClass } from './styles';

interface Brand {
  name: string;
  background: string;
  text: string;
  border: string;
}

// Colours from each provider's published brand guidelines for sign-in buttons.
export const providerBrands: Record<string, Brand> = {
  google: { name: 'Google', background: '#ffffff', text: '#1f1f1f', border: '#747775' },
  github: { name: 'GitHub', background: '#24292f', text: '#ffffff', border: '#24292f' },
  facebook: { name: 'Facebook', background: '#1877f2', text: '#ffffff', border: '#1877f2' },
  microsoft: { name: 'Microsoft', background: '#2f2f2f', text: '#ffffff', border: '#2f2f2f' },
  spotify: { name: 'Spotify', background: '#1db954', text: '#000000', border: '#1db954' },
  discord: { name: 'Discord', background: '#5865f2', text: '#ffffff', border: '#5865f2' },
  gitlab: { name: 'GitLab', background: '#fc6d26', text: '#ffffff', border: '#fc6d26' },
};

export function OAuthButtons(props: { type: 'sign-in' | 'sign-up'; providerIds: readonly string[]; returnTo: string | null }) {
  const runtime = useAuthRuntime();
  const [error, setError] = useState<string | null>(null);
  const verb = props.type === 'sign-in' ? 'Sign in with' : 'Sign up with';

  async function start(providerId: string) {
    setError(null);
    try {
      await runtime.client.signInWithOAuth(providerId, props.returnTo ? { afterCallbackRedirectUrl: props.returnTo } : undefined);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <div className={providerListClass}>
      {props.providerIds.map((id) => {
        const brand = providerBrands[id];
        return (
          <button
            key={id}
            type="button"
            className={providerButtonClass}
            data-provider={id}
            style={brand ? { background: brand.background, color: brand.text, borderColor: brand.border } : undefined}
            onClick={() => void start(id)}
          >
            {`${verb} ${brand?.name ?? id}`}
          </button>
        );
      })}
      {error && <span className={errorTextClass}>{error}</span>}
    </div>
  );
}
