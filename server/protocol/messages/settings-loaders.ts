// Where each locale's account-settings messages are (see catalogue-loaders.ts): a module of its
// own, so the sign-in screens' entry does not carry these loaders.
import type { CatalogueLoaders } from './catalogue-loaders';
import type { SettingsKey } from './settings/settings-en';

/** The account settings (loaded with them, so sign-in does not carry them). */
export const settingsLoaders: CatalogueLoaders<SettingsKey> = {
  en: () => import('./settings/settings-en'),
  de: () => import('./settings/settings-de'),
  es: () => import('./settings/settings-es'),
  fr: () => import('./settings/settings-fr'),
  it: () => import('./settings/settings-it'),
  ja: () => import('./settings/settings-ja'),
  ko: () => import('./settings/settings-ko'),
  'pt-BR': () => import('./settings/settings-pt-BR'),
  'zh-CN': () => import('./settings/settings-zh-CN'),
  'zh-TW': () => import('./settings/settings-zh-TW'),
  ar: () => import('./settings/settings-ar'),
};
