// The client's passkey calls: register one for the signed-in user, sign in with one, and manage
// the user's named passkeys. The ceremonies use the browser's WebAuthn API directly
// (PublicKeyCredential.parseCreationOptionsFromJSON / toJSON) rather than a library, which keeps
// the sign-in screen's bundle small; browsers without those helpers get a clear error.
import type { AuthClient, Passkey, SignInOutcome } from './index';
import type { Answer, Call } from './transport';
import { webAuthnJsonApi, type WebAuthnJsonApi } from './webauthn-json-api';


export type PasskeyCalls = Pick<
  AuthClient,
  | 'passkeysSupported'
  | 'passkeyAutofillSupported'
  | 'registerPasskey'
  | 'signInWithPasskey'
  | 'listPasskeys'
  | 'renamePasskey'
  | 'removePasskey'
> & {
  /** A passkey's answer to a fresh challenge, for reauthentication (the browser asks for the passkey). */
  passkeyAssertion(): Promise<{ authentication_response: unknown; code: string }>;
};

/** authd's options carry a placeholder RP id; the passkey belongs to the page's own host. */
const sentinelRpId = 'THIS_VALUE_WILL_BE_REPLACED.example.com';

function requireWebAuthn(): WebAuthnJsonApi {
  const api = webAuthnJsonApi();
  if (!api || typeof navigator === 'undefined' || !navigator.credentials) {
    throw new Error('This browser cannot use passkeys.');
  }
  return api;
}

function credentialJson(credential: Credential | null): unknown {
  if (!credential) throw new Error('No passkey was chosen.');
  return (credential as PublicKeyCredential & { toJSON(): unknown }).toJSON();
}

/** A fresh challenge to sign with a passkey (sign-in, reauthentication), for this page's host. */
async function authenticationChallenge(anonymously: Call): Promise<{ optionsJson: Answer; code: unknown }> {
  const { options_json: optionsJson, code } = await anonymously({
    method: 'POST',
    path: '/auth/passkey/initiate-passkey-authentication',
    body: {},
  });
  if (optionsJson.rpId === sentinelRpId) optionsJson.rpId = location.hostname;
  return { optionsJson, code };
}

function passkeyFromWire(passkey: Answer): Passkey {
  return {
    id: String(passkey.id),
    name: String(passkey.name),
    createdAtMillis: Number(passkey.created_at_millis),
    lastUsedAtMillis: passkey.last_used_at_millis === null ? null : Number(passkey.last_used_at_millis),
  };
}

export function passkeyCalls(calls: {
  asUser: Call;
  anonymously: Call;
  finishSignIn: (signIn: () => Promise<Answer>) => Promise<SignInOutcome>;
}): PasskeyCalls {
  return {
    passkeysSupported: () => webAuthnJsonApi() !== null,
    async passkeyAutofillSupported() {
      const api = webAuthnJsonApi();
      return api?.isConditionalMediationAvailable ? await api.isConditionalMediationAvailable().catch(() => false) : false;
    },
    async registerPasskey(options) {
      const api = requireWebAuthn();
      const { options_json: optionsJson, code } = await calls.asUser({
        method: 'POST',
        path: '/auth/passkey/initiate-passkey-registration',
        body: {},
      });
      optionsJson.rp.id = location.hostname;
      const credential = await navigator.credentials.create({ publicKey: api.parseCreationOptionsFromJSON(optionsJson) });
      const body: Answer = { credential: credentialJson(credential), code };
      if (options?.name) body.name = options.name;
      await calls.asUser({ method: 'POST', path: '/auth/passkey/register', body });
    },
    async passkeyAssertion() {
      const api = requireWebAuthn();
      const { optionsJson, code } = await authenticationChallenge(calls.anonymously);
      const credential = await navigator.credentials.get({ publicKey: api.parseRequestOptionsFromJSON(optionsJson) });
      return { authentication_response: credentialJson(credential), code: String(code) };
    },
    async signInWithPasskey(options) {
      const api = requireWebAuthn();
      const { optionsJson, code } = await authenticationChallenge(calls.anonymously);
      options?.signal?.throwIfAborted();
      const credential = await navigator.credentials.get({
        publicKey: api.parseRequestOptionsFromJSON(optionsJson),
        ...(options?.autofill ? { mediation: 'conditional' as CredentialMediationRequirement } : {}),
        ...(options?.signal ? { signal: options.signal } : {}),
      });
      const response = credentialJson(credential);
      return calls.finishSignIn(() =>
        calls.anonymously({ method: 'POST', path: '/auth/passkey/sign-in', body: { authentication_response: response, code } }),
      );
    },
    async listPasskeys() {
      const answer = await calls.asUser({ method: 'GET', path: '/passkeys?user_id=me' });
      return ((answer.items ?? []) as Answer[]).map(passkeyFromWire);
    },
    async renamePasskey(passkeyId, name) {
      return passkeyFromWire(
        await calls.asUser({ method: 'PATCH', path: `/passkeys/me/${encodeURIComponent(passkeyId)}`, body: { name } }),
      );
    },
    async removePasskey(passkeyId) {
      await calls.asUser({ method: 'DELETE', path: `/passkeys/me/${encodeURIComponent(passkeyId)}` });
    },
  };
}
