// The screens' messages as the provider chose them: the locale, where messages come from, and
// the shared catalogue every screen uses, loaded by the provider before the screens render
// (lazy-messages.ts has the catalogues loaded on demand).
import { createContext, useContext, useMemo } from 'react';
import { sourceLocale, textDirectionOf, type Locale } from '../../../server/protocol/locales';
import type { ScreensKey } from '../../../server/protocol/messages/screens/screens-en';
import type { Catalogue } from '../../../server/protocol/messages/message-format';
import { makeTranslator, type MessageDecorator, type Translator } from './translator';
import type { MessagesSource } from './messages-source';

export interface MessagesValue {
  locale: Locale;
  screens: Catalogue<ScreensKey>;
  decorate: MessageDecorator;
  source: MessagesSource;
}

// Outside a provider no messages are loaded (the screens need a provider anyway): keys show.
export const MessagesContext = createContext<MessagesValue>({
  locale: sourceLocale,
  screens: {} as Catalogue<ScreensKey>,
  decorate: null,
  source: () => Promise.resolve({}),
});

export function useLocale(): Locale {
  return useContext(MessagesContext).locale;
}

/** `rtl` for Arabic: the screens' root elements carry it so the card, forms and menus mirror. */
export function useTextDirection(): 'ltr' | 'rtl' {
  return textDirectionOf(useLocale());
}

/** The shared screens' translator (the provider has loaded its messages). */
export function useT(): Translator<ScreensKey> {
  const { locale, screens, decorate } = useContext(MessagesContext);
  return useMemo(() => makeTranslator(locale, screens, decorate), [locale, screens, decorate]);
}
