// Entry of the hosted handler screens that authd serves itself: reads the project's public
// settings authd put in the page, then renders the handler routes for the same-origin API.
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthClient } from '../client/index';
import { AuthProviderCore } from '../react/auth-provider-core';
import type { MessageArea, MessagesSource } from '../react/i18n/messages-source';
import { cachesFor } from '../react/i18n/catalogue-cache';
import type { Catalogue, Message } from '../../server/protocol/messages/message-format';
import { HandlerRoutes } from '../react/handler/handler-routes';
import { lazyPages } from '../react/handler/lazy-pages';
import { useBrowserLocation } from '../react/navigation';
import { handlerPageOf, signedUpParameter } from '../react/redirect-rules';
import { hostedDocumentTitle, type HostedScreensConfig } from '../../server/protocol/hosted-screens-config';
import { textDirectionOf } from '../../server/protocol/locales';
import { MessagesContext, useLocale } from '../react/i18n/messages-context';
import type { MessageDecorator } from '../react/i18n/translator';
import { useContext } from 'react';

const config = JSON.parse(document.getElementById('authd-hosted-config')!.textContent!) as HostedScreensConfig;

const client = createAuthClient({
  baseUrl: location.origin,
  projectId: config.projectId,
  publishableClientKey: config.publishableClientKey,
  handlerPath: config.handlerPath,
  tokenStore: 'cookie',
});

/** Keeps the tab's title on the screen shown, as the server set it for the first one. */
function DocumentTitle() {
  const here = useBrowserLocation();
  const { locale, screens, decorate } = useContext(MessagesContext);
  useEffect(() => {
    const page = handlerPageOf(here.split('?')[0]!, config.handlerPath);
    // Account settings names its own sections.
    if (page && page !== 'unknown' && page !== 'account-settings') {
      const title = hostedDocumentTitle(page, config.projectName, locale, screens);
      document.title = decorate ? decorate(title) : title;
    }
  }, [here, locale, screens, decorate]);
  return null;
}

/**
 * The document's language and direction, set by the server for its choice and kept in step
 * when the signed-in user's own language differs (`dir="rtl"` for Arabic mirrors the page).
 */
function DocumentLanguage() {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirectionOf(locale);
  }, [locale]);
  return null;
}

const langParameter = new URLSearchParams(location.search).get('lang');

type CompactCatalogue = [Record<string, Message>, ...Message[]];

/** The catalogues the server wrote into the page, in the page's language (`config.locale`). */
const pageMessages = JSON.parse(document.getElementById('authd-messages')!.textContent!) as Partial<Record<MessageArea, CompactCatalogue>>;

/**
 * `[named, ...by position]` (scripts/compact-messages.ts): the build wrote most keys in these
 * scripts as positions, so the array answers them and its named properties the rest.
 */
function expandedCatalogue([named, ...byPosition]: CompactCatalogue): Catalogue<string> {
  return Object.assign(byPosition, named) as unknown as Catalogue<string>;
}

/**
 * Another catalogue or locale than the page's: the JSON the build wrote beside the scripts
 * (`messages-<version>-<area>-<locale>.json`, cached for a year like them): no loader per locale
 * in the scripts.
 */
const fetchedMessages: MessagesSource = async (area, locale) => {
  const response = await fetch(`${config.messagesBase}${area}-${locale}.json`);
  if (!response.ok) throw new Error(`the ${locale} messages could not be loaded (${response.status})`);
  return expandedCatalogue((await response.json()) as CompactCatalogue);
};

// The page's own catalogues are in the cache before the first render, so no screen suspends for
// words it already has: preact/compat's Suspense remounts what it showed when a part of it
// suspends later, and a team page fetched its permissions and the user's team profile twice.
const pageCaches = cachesFor(fetchedMessages);
for (const [area, compact] of Object.entries(pageMessages)) {
  pageCaches.area(area as MessageArea).keep(config.locale, expandedCatalogue(compact!));
}

// The page shell is a <main> with a skeleton card beside it, hidden once this renders.
function render(messageDecorator: MessageDecorator | undefined) {
  createRoot(document.getElementById('root')!).render(
    <AuthProviderCore
      messagesSource={fetchedMessages}
      client={client}
      handlerPath={config.handlerPath}
      homeUrl={config.homeUrl}
      // Without an app of its own (no trusted domain) a new user lands on the signed-up card,
      // which names the app and the address to verify, instead of a bare settings menu.
      afterSignUpUrl={config.trustedOrigins.length > 0 ? config.homeUrl : `${config.handlerPath}/sign-up?${signedUpParameter}`}
      trustedOrigins={config.trustedOrigins}
      allowLocalhost={config.allowLocalhost}
      // `lang` outranks the user's stored locale; Accept-Language and the project's default follow it.
      locale={config.localeFromQuery ? config.locale : undefined}
      requestLocale={config.acceptLanguageLocale}
      defaultLocale={config.projectLocale}
      messageDecorator={messageDecorator}
    >
      <DocumentLanguage />
      <DocumentTitle />
      <HandlerRoutes pages={lazyPages} />
    </AuthProviderCore>,
  );
}

// The pseudo locale (pseudo-locale.ts, `en-XA`) loads only when a test asks for it.
if (langParameter === 'en-XA') void import('../react/i18n/pseudo-locale').then((module) => render(module.pseudoLocalize));
else render(undefined);
