// The words for a magic link or code refused because its account never verified the address,
// shared by the sign-in form's code step and the magic-link callback page (a module of its own so
// neither screen carries the other's code). The screens show the catalogue's text in their language.
import { screensEn } from '../../../server/protocol/messages/screens/en';

/**
 * The wire answers USER_EMAIL_ALREADY_EXISTS (Stack's code and text, which its clients expect)
 * when the address signs in to an account that never verified it: the link would hand that
 * account to whoever reads the inbox. The screens say what is going on and what to do instead.
 * This is the English text (the catalogue's `auth.unverifiedAccount`).
 */
export const unverifiedAccountMessage = screensEn['auth.unverifiedAccount'];
