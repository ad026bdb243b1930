// The screens' messages as the provider chose them: the locale, and a translator for each
// catalogue. The sign-in catalogue is loaded by the provider before the screens render; the
// account settings' one when the settings first render (they suspend until it is there).
import { createContext, useContext, useMemo } from 'react';
import { sourceLocale, textDirectionOf, type Locale } from '../../../server/protocol/locales';
import type { ScreensKey } from '../../../server/protocol/messages/screens/screens-en';
import type { SettingsKey } from '../../../server/protocol/messages/settings/settings-en';
import { screensLoaders, settingsLoaders } from '../../../server/protocol/messages/catalogue-loaders';
import type { Catalogue } from '../../../server/protocol/messages/message-format';
import { catalogueCache } from './catalogue-cache';
import { makeTranslator, type MessageDecorator, type Translator } from './translator';

export const screensCatalogue = catalogueCache(screensLoaders);
export const settingsCatalogue = catalogueCache(settingsLoaders);

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

/** The account settings' translator; suspends the first time a locale's messages are fetched. */
export function useSettingsT(): Translator<SettingsKey> {
  const { locale, decorate } = useContext(MessagesContext);
  const messages = settingsCatalogue.peek(locale);
  // Suspense: the nearest boundary shows its fallback until the chunk is here.
  if (!messages) throw settingsCatalogue.load(locale);
  return useMemo(() => makeTranslator(locale, messages, decorate), [locale, messages, decorate]);
}
