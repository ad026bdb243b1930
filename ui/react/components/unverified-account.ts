// The words for a magic link or code refused because its account never verified the address,
// shared by the sign-in form's code step and the magic-link callback page (a module of its own so
// neither screen carries the other's code).

/**
 * The wire answers USER_EMAIL_ALREADY_EXISTS (Stack's code and text, which its clients expect)
 * when the address signs in to an account that never verified it: the link would hand that
 * account to whoever reads the inbox. The screens say what is going on and what to do instead.
 */
export const unverifiedAccountMessage =
  'This email belongs to an account that has not verified it yet, so it cannot sign in with an email link. Sign in with the password instead, then verify the email in your account settings.';
