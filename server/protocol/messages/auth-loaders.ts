// Where each locale's messages of the sign-in card are (see catalogue-loaders.ts): a module of its
// own, loaded by the screens that show the card, so account settings never download them.
import type { CatalogueLoaders } from './catalogue-loaders';
import type { AuthKey } from './auth/auth-en';

export const authLoaders: CatalogueLoaders<AuthKey> = {
  en: () => import('./auth/auth-en'),
  de: () => import('./auth/auth-de'),
  es: () => import('./auth/auth-es'),
  fr: () => import('./auth/auth-fr'),
  it: () => import('./auth/auth-it'),
  ja: () => import('./auth/auth-ja'),
  ko: () => import('./auth/auth-ko'),
  'pt-BR': () => import('./auth/auth-pt-BR'),
  'zh-CN': () => import('./auth/auth-zh-CN'),
  'zh-TW': () => import('./auth/auth-zh-TW'),
  ar: () => import('./auth/auth-ar'),
};
