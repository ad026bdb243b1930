// Where each locale's messages of account settings' Security item are (see catalogue-loaders.ts):
// a module of its own, loaded with that item only.
import type { CatalogueLoaders } from './catalogue-loaders';
import type { SecurityKey } from './security/security-en';

export const securityLoaders: CatalogueLoaders<SecurityKey> = {
  en: () => import('./security/security-en'),
  de: () => import('./security/security-de'),
  es: () => import('./security/security-es'),
  fr: () => import('./security/security-fr'),
  it: () => import('./security/security-it'),
  ja: () => import('./security/security-ja'),
  ko: () => import('./security/security-ko'),
  'pt-BR': () => import('./security/security-pt-BR'),
  'zh-CN': () => import('./security/security-zh-CN'),
  'zh-TW': () => import('./security/security-zh-TW'),
  ar: () => import('./security/security-ar'),
};
