// The English source of the banner authd writes into a hosted page while an impersonation session
// is open (an admin signed in as the user): server-rendered, so no screen's scripts or first-load
// messages carry it. Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const impersonationEn = {
  banner: "Impersonation: you are signed in as {user}. Passwords, multi-factor authentication and passkeys cannot be changed in this session.",
  end: "End impersonation",
} as const;

export type ImpersonationKey = keyof typeof impersonationEn;

export default impersonationEn;
