// Where each locale's messages of a catalogue are: every locale, English (the source) included,
// is its own module loaded on demand, so a browser downloads only the chosen locale's messages
// (bundlers make each `import()` a chunk; the server preloads the page's one).
import type { Locale } from '../locales';
import type { Catalogue } from './message-format';
import type { ScreensKey } from './screens/screens-en';

export type CatalogueLoaders<Key extends string> = Record<Locale, () => Promise<{ default: Catalogue<Key> }>>;

/** Sign-in, sign-up and the cards and form messages they share. */
export const screensLoaders: CatalogueLoaders<ScreensKey> = {
  en: () => import('./screens/screens-en'),
  de: () => import('./screens/screens-de'),
  es: () => import('./screens/screens-es'),
  fr: () => import('./screens/screens-fr'),
  it: () => import('./screens/screens-it'),
  ja: () => import('./screens/screens-ja'),
  ko: () => import('./screens/screens-ko'),
  'pt-BR': () => import('./screens/screens-pt-BR'),
  'zh-CN': () => import('./screens/screens-zh-CN'),
  'zh-TW': () => import('./screens/screens-zh-TW'),
  ar: () => import('./screens/screens-ar'),
};
