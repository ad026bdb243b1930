// Authenticator-app codes as authd reads them (RFC 6238: HMAC-SHA-1), one rule for the server,
// which checks every code, and the account settings, which check the first code typed while
// multi-factor authentication is set up, before the secret is saved.

export const totpPeriodSeconds = 30;
export const totpDigits = 6;
/** Steps either side of the current one that still count, for clocks a little off. */
export const totpStepTolerance = 1;
