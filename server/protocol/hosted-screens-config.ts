// The settings authd writes into each hosted screen's page and the hosted-screens bundle reads
// back: shared by server and client, so it lives with the wire contract.
/** Settings the hosted screens read from their page (public: no secret is included). */
export interface HostedScreensConfig {
  projectId: string;
  publishableClientKey: string;
  handlerPath: string;
  /** Where "Go to home" and the default after-sign-in redirect lead. */
  homeUrl: string;
  /** The project's trusted domains: `after_auth_return_to` may point there. */
  trustedOrigins: string[];
  allowLocalhost: boolean;
  /** The project's display name, shown on the card so people know where they sign in. */
  projectName: string;
}

/**
 * The document title of each hosted screen (the server writes it into the page, the screens
 * keep it in step as they move), so tabs, history and screen readers tell the pages apart.
 */
export const hostedScreenTitles: Record<string, string> = {
  'sign-in': 'Sign in',
  'sign-up': 'Sign up',
  'sign-out': 'Sign out',
  'forgot-password': 'Forgot password',
  'password-reset': 'Reset password',
  'email-verification': 'Verify email',
  'magic-link-callback': 'Signing in',
  'oauth-callback': 'Signing in',
  error: 'Error',
  'team-invitation': 'Team invitation',
  'account-settings': 'Account settings',
};

/** "Sign in – My Project": the screen, then where it belongs. */
export function hostedDocumentTitle(page: string, projectName: string | null): string {
  const screen = hostedScreenTitles[page] ?? 'Sign in';
  return projectName ? `${screen} – ${projectName}` : screen;
}
