// Where each locale's messages of account settings' Connected apps item are (see
// catalogue-loaders.ts): a module of its own, loaded when that item opens.
import type { CatalogueLoaders } from './catalogue-loaders';
import type { ConnectedAppsKey } from './connected-apps/connected-apps-en';

export const connectedAppsLoaders: CatalogueLoaders<ConnectedAppsKey> = {
  en: () => import('./connected-apps/connected-apps-en'),
  de: () => import('./connected-apps/connected-apps-de'),
  es: () => import('./connected-apps/connected-apps-es'),
  fr: () => import('./connected-apps/connected-apps-fr'),
  it: () => import('./connected-apps/connected-apps-it'),
  ja: () => import('./connected-apps/connected-apps-ja'),
  ko: () => import('./connected-apps/connected-apps-ko'),
  'pt-BR': () => import('./connected-apps/connected-apps-pt-BR'),
  'zh-CN': () => import('./connected-apps/connected-apps-zh-CN'),
  'zh-TW': () => import('./connected-apps/connected-apps-zh-TW'),
  ar: () => import('./connected-apps/connected-apps-ar'),
};
