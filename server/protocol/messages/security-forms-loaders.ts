// Where each locale's messages of the Security item's forms and dialogs are (see
// catalogue-loaders.ts): a module of its own, loaded when one of them opens.
import type { CatalogueLoaders } from './catalogue-loaders';
import type { SecurityFormsKey } from './security-forms/security-forms-en';

export const securityFormsLoaders: CatalogueLoaders<SecurityFormsKey> = {
  en: () => import('./security-forms/security-forms-en'),
  de: () => import('./security-forms/security-forms-de'),
  es: () => import('./security-forms/security-forms-es'),
  fr: () => import('./security-forms/security-forms-fr'),
  it: () => import('./security-forms/security-forms-it'),
  ja: () => import('./security-forms/security-forms-ja'),
  ko: () => import('./security-forms/security-forms-ko'),
  'pt-BR': () => import('./security-forms/security-forms-pt-BR'),
  'zh-CN': () => import('./security-forms/security-forms-zh-CN'),
  'zh-TW': () => import('./security-forms/security-forms-zh-TW'),
  ar: () => import('./security-forms/security-forms-ar'),
};
