// Where each locale's messages of <UserButton> and <SelectedTeamSwitcher> are (see
// catalogue-loaders.ts): a module of its own, which the hosted screens never load.
import type { CatalogueLoaders } from './catalogue-loaders';
import type { ComponentsKey } from './components/components-en';

export const componentsLoaders: CatalogueLoaders<ComponentsKey> = {
  en: () => import('./components/components-en'),
  de: () => import('./components/components-de'),
  es: () => import('./components/components-es'),
  fr: () => import('./components/components-fr'),
  it: () => import('./components/components-it'),
  ja: () => import('./components/components-ja'),
  ko: () => import('./components/components-ko'),
  'pt-BR': () => import('./components/components-pt-BR'),
  'zh-CN': () => import('./components/components-zh-CN'),
  'zh-TW': () => import('./components/components-zh-TW'),
  ar: () => import('./components/components-ar'),
};
