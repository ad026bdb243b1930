// Where each locale's messages of the form fields and their checks are (see catalogue-loaders.ts):
// a module of its own, loaded by the screens with such a form.
import type { CatalogueLoaders } from './catalogue-loaders';
import type { FormsKey } from './forms/forms-en';

export const formsLoaders: CatalogueLoaders<FormsKey> = {
  en: () => import('./forms/forms-en'),
  de: () => import('./forms/forms-de'),
  es: () => import('./forms/forms-es'),
  fr: () => import('./forms/forms-fr'),
  it: () => import('./forms/forms-it'),
  ja: () => import('./forms/forms-ja'),
  ko: () => import('./forms/forms-ko'),
  'pt-BR': () => import('./forms/forms-pt-BR'),
  'zh-CN': () => import('./forms/forms-zh-CN'),
  'zh-TW': () => import('./forms/forms-zh-TW'),
  ar: () => import('./forms/forms-ar'),
};
