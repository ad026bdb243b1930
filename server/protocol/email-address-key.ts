// How authd compares email addresses: sign-in, sign-up uniqueness, invitations and user filters
// all match on this key, while the address is kept and shown as it was typed.

/**
 * The address with its ASCII letters lower-cased and nothing else changed. Mail servers treat
 * `Bob@` and `bob@` as one mailbox, so they must be one account; wider folding (Unicode case,
 * NFC/NFKC) could match an address that reaches another mailbox, whose owner would then sign in
 * to the account. SQLite's lower() and PostgreSQL's translate() over A–Z compute the same key,
 * which is what the migration that filled existing rows used.
 */
export function emailAddressKey(address: string): string {
  return address.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
