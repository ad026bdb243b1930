// The account settings' messages: loaded when the settings first render (they suspend until the
// locale's messages are here), in a module of its own so the sign-in screens carry none of it.
import { useContext, useMemo } from 'react';
import type { SettingsKey } from '../../../server/protocol/messages/settings/settings-en';
import type { Catalogue } from '../../../server/protocol/messages/message-format';
import { cachesFor } from './catalogue-cache';
import { MessagesContext } from './messages-context';
import { makeTranslator, type Translator } from './translator';

/** The account settings' translator; suspends the first time a locale's messages are fetched. */
export function useSettingsT(): Translator<SettingsKey> {
  const { locale, decorate, source } = useContext(MessagesContext);
  const caches = cachesFor(source);
  caches.used.add('settings');
  const messages = caches.area('settings').peek(locale) as Catalogue<SettingsKey> | undefined;
  // Suspense: the nearest boundary shows its fallback until they are here.
  if (!messages) throw caches.area('settings').load(locale);
  return useMemo(() => makeTranslator(locale, messages, decorate), [locale, messages, decorate]);
}
