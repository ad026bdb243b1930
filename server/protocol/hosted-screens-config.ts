// The settings authd writes into each hosted screen's page and the hosted-screens bundle reads
// back: shared by server and client, so it lives with the wire contract.
import type { Locale } from './locales';
import { formatMessage, type Catalogue } from './messages/message-format';
import type { ScreensKey } from './messages/screens/screens-en';
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
  /**
   * The page's language as the server chose it: the `lang` query parameter, else the request's
   * Accept-Language, else the project's default. The signed-in user's own choice, known once the
   * user is read, comes before Accept-Language (ui/react/locale-choice.ts).
   */
  locale: Locale;
  /** Whether `locale` came from the `lang` query parameter, which outranks the user's own choice. */
  localeFromQuery: boolean;
  /** The locale matched from Accept-Language, or null. */
  acceptLanguageLocale: Locale | null;
  /** The project's default language. */
  projectLocale: Locale;
  /** Where each catalogue's messages are, `{messagesBase}{catalogue}-{locale}.json`, for those the page does not carry. */
  messagesBase: string;
}

/** The screens that have a page (and a tab title) of their own. */
export const hostedScreens = [
  'sign-in',
  'sign-up',
  'sign-out',
  'forgot-password',
  'password-reset',
  'email-verification',
  'magic-link-callback',
  'oauth-callback',
  'error',
  'team-invitation',
  'account-settings',
] as const;
export type HostedScreen = (typeof hostedScreens)[number];

export function isHostedScreen(page: string): page is HostedScreen {
  return (hostedScreens as readonly string[]).includes(page);
}

// Written out rather than built from the screen's name, so the hosted build can write each key as
// its position in the catalogue (scripts/compact-messages.ts).
const titleKeys = {
  'sign-in': 'title.sign-in',
  'sign-up': 'title.sign-up',
  'sign-out': 'title.sign-out',
  'forgot-password': 'title.forgot-password',
  'password-reset': 'title.password-reset',
  'email-verification': 'title.email-verification',
  'magic-link-callback': 'title.magic-link-callback',
  'oauth-callback': 'title.oauth-callback',
  error: 'title.error',
  'team-invitation': 'title.team-invitation',
  'account-settings': 'title.account-settings',
} as const satisfies Record<HostedScreen, ScreensKey>;

/**
 * "Sign in – My Project": the screen, then where it belongs, in the page's language. The server
 * writes it into the page and the screens keep it in step as they move, so tabs, history and
 * screen readers tell the pages apart.
 */
export function hostedDocumentTitle(
  page: string,
  projectName: string | null,
  locale: string,
  messages: Catalogue<ScreensKey>,
): string {
  const screen = formatMessage(locale, messages[titleKeys[isHostedScreen(page) ? page : 'sign-in']]);
  return projectName ? formatMessage(locale, messages['title.withProject'], { screen, project: projectName }) : screen;
}
