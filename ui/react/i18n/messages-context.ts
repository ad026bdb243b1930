// The screens' messages as the provider chose them: the locale and the sign-in screens'
// catalogue, loaded by the provider before the screens render (settings-messages.ts has the
// account settings' own).
import { createContext, useContext, useMemo } from 'react';
import { sourceLocale, textDirectionOf, type Locale } from '../../../server/protocol/locales';
import type { ScreensKey } from '../../../server/protocol/messages/screens/screens-en';
import { screensLoaders } from '../../../server/protocol/messages/catalogue-loaders';
import type { Catalogue } from '../../../server/protocol/messages/message-format';
import { catalogueCache, type CatalogueCache } from './catalogue-cache';
import { makeTranslator, type MessageDecorator, type Translator } from './translator';

export const screensCatalogue = catalogueCache(screensLoaders);

/**
 * The catalogues of screens already on the page (the account settings' once they loaded): a
 * change of language loads them too before it shows, so no screen suspends in the middle of it.
 */
export const loadedAreaCatalogues = new Set<CatalogueCache<string>>();

export interface MessagesValue {
  locale: Locale;
  screens: Catalogue<ScreensKey>;
  decorate: MessageDecorator;
}

// Outside a provider no messages are loaded (the screens need a provider anyway): keys show.
export const MessagesContext = createContext<MessagesValue>({ locale: sourceLocale, screens: {} as Catalogue<ScreensKey>, decorate: null });

export function useLocale(): Locale {
  return useContext(MessagesContext).locale;
}

/** `rtl` for Arabic: the screens' root elements carry it so the card, forms and menus mirror. */
export function useTextDirection(): 'ltr' | 'rtl' {
  return textDirectionOf(useLocale());
}

/** The sign-in screens' translator (the provider has loaded its messages). */
export function useT(): Translator<ScreensKey> {
  const { locale, screens, decorate } = useContext(MessagesContext);
  return useMemo(() => makeTranslator(locale, screens, decorate), [locale, screens, decorate]);
}
