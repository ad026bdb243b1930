// Where each locale's messages of the hosted screens other than sign-in and sign-up are (see
// catalogue-loaders.ts): a module of its own, so sign-in carries none of these loaders.
import type { CatalogueLoaders } from './catalogue-loaders';
import type { PagesKey } from './pages/pages-en';

export const pagesLoaders: CatalogueLoaders<PagesKey> = {
  en: () => import('./pages/pages-en'),
  de: () => import('./pages/pages-de'),
  es: () => import('./pages/pages-es'),
  fr: () => import('./pages/pages-fr'),
  it: () => import('./pages/pages-it'),
  ja: () => import('./pages/pages-ja'),
  ko: () => import('./pages/pages-ko'),
  'pt-BR': () => import('./pages/pages-pt-BR'),
  'zh-CN': () => import('./pages/pages-zh-CN'),
  'zh-TW': () => import('./pages/pages-zh-TW'),
  ar: () => import('./pages/pages-ar'),
};
