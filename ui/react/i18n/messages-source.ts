// Where the screens' messages come from: a function from catalogue and locale to the messages.
// The npm package reads them from its bundled modules (bundled-messages.ts, one chunk per
// locale); the hosted screens fetch the JSON the build wrote beside them (ui/hosted), so their
// scripts carry no loader per locale.
import type { Locale } from '../../../server/protocol/locales';
import type { Catalogue } from '../../../server/protocol/messages/message-format';

/** The catalogues: `screens` loads with the provider, the others when a screen needs them (messages-context.ts). */
export const messageAreas = ['screens', 'auth', 'forms', 'components', 'settings', 'pages', 'security', 'securityForms', 'teams', 'connectedApps', 'imageCrop'] as const;
export type MessageArea = (typeof messageAreas)[number];
export type MessagesSource = (area: MessageArea, locale: Locale) => Promise<Catalogue<string>>;
