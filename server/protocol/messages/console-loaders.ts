// Where each locale's messages of the admin console are (see catalogue-loaders.ts): one module
// per locale, so the console downloads only the chosen language's words, after its first script.
import type { CatalogueLoaders } from './catalogue-loaders';
import type { ConsoleKey } from './console/console-en';

export const consoleLoaders: CatalogueLoaders<ConsoleKey> = {
  en: () => import('./console/console-en'),
  de: () => import('./console/console-de'),
  es: () => import('./console/console-es'),
  fr: () => import('./console/console-fr'),
  it: () => import('./console/console-it'),
  ja: () => import('./console/console-ja'),
  ko: () => import('./console/console-ko'),
  'pt-BR': () => import('./console/console-pt-BR'),
  'zh-CN': () => import('./console/console-zh-CN'),
  'zh-TW': () => import('./console/console-zh-TW'),
  ar: () => import('./console/console-ar'),
};
