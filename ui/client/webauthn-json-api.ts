// Whether the browser has the WebAuthn JSON helpers the passkey calls use: apart from
// passkey-calls.ts so that asking costs nothing when the passkey calls have not been loaded.

export interface WebAuthnJsonApi {
  parseCreationOptionsFromJSON(options: unknown): CredentialCreationOptions['publicKey'];
  parseRequestOptionsFromJSON(options: unknown): CredentialRequestOptions['publicKey'];
  isConditionalMediationAvailable?(): Promise<boolean>;
}

export function webAuthnJsonApi(): WebAuthnJsonApi | null {
  const api = (globalThis as { PublicKeyCredential?: Partial<WebAuthnJsonApi> }).PublicKeyCredential;
  return api?.parseCreationOptionsFromJSON && api.parseRequestOptionsFromJSON ? (api as WebAuthnJsonApi) : null;
}
