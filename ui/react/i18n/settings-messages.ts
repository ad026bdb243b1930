// The account settings' messages: loaded when the settings first render (they suspend until the
// locale's chunk is here), in a module of its own so the sign-in screens carry none of it.
import { useContext, useMemo } from 'react';
import type { SettingsKey } from '../../../server/protocol/messages/settings/settings-en';
import { settingsLoaders } from '../../../server/protocol/messages/settings-loaders';
import { catalogueCache, type CatalogueCache } from './catalogue-cache';
import { loadedAreaCatalogues } from './messages-context';
import { MessagesContext } from './messages-context';
import { makeTranslator, type Translator } from './translator';

const settingsCatalogue = catalogueCache(settingsLoaders);
loadedAreaCatalogues.add(settingsCatalogue as CatalogueCache<string>);

/** The account settings' translator; suspends the first time a locale's messages are fetched. */
export function useSettingsT(): Translator<SettingsKey> {
  const { locale, decorate } = useContext(MessagesContext);
  const messages = settingsCatalogue.peek(locale);
  // Suspense: the nearest boundary shows its fallback until the chunk is here.
  if (!messages) throw settingsCatalogue.load(locale);
  return useMemo(() => makeTranslator(locale, messages, decorate), [locale, messages, decorate]);
}
