// The password lengths authd accepts, one rule for the server (PASSWORD_TOO_SHORT /
// PASSWORD_TOO_LONG) and the screens, which check them before anything is sent.

export const minimumPasswordLength = 8;
/** Longer passwords are refused before hashing: argon2id's cost grows with the input. */
export const maximumPasswordLength = 256;
