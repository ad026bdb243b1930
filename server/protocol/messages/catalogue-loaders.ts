// Where each locale's messages of a catalogue are: English is imported with the code (it is the
// source and the fallback), every other locale is its own module loaded on demand, so a browser
// downloads only the chosen locale's messages (bundlers make each `import()` a chunk).
import type { Locale } from '../locales';
import type { Catalogue } from './message-format';
import type { ScreensKey } from './screens/en';
import type { SettingsKey } from './settings/en';

export type TranslatedLocale = Exclude<Locale, 'en'>;
export type CatalogueLoaders<Key extends string> = Record<TranslatedLocale, () => Promise<{ default: Catalogue<Key> }>>;

/** Sign-in, sign-up and the cards and form messages they share. */
export const screensLoaders: CatalogueLoaders<ScreensKey> = {
  de: () => import('./screens/de'),
  es: () => import('./screens/es'),
  fr: () => import('./screens/fr'),
  it: () => import('./screens/it'),
  ja: () => import('./screens/ja'),
  ko: () => import('./screens/ko'),
  'pt-BR': () => import('./screens/pt-BR'),
  'zh-CN': () => import('./screens/zh-CN'),
  'zh-TW': () => import('./screens/zh-TW'),
  ar: () => import('./screens/ar'),
};

/** The account settings (loaded with them, so sign-in does not carry them). */
export const settingsLoaders: CatalogueLoaders<SettingsKey> = {
  de: () => import('./settings/de'),
  es: () => import('./settings/es'),
  fr: () => import('./settings/fr'),
  it: () => import('./settings/it'),
  ja: () => import('./settings/ja'),
  ko: () => import('./settings/ko'),
  'pt-BR': () => import('./settings/pt-BR'),
  'zh-CN': () => import('./settings/zh-CN'),
  'zh-TW': () => import('./settings/zh-TW'),
  ar: () => import('./settings/ar'),
};
