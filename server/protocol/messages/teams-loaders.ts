// Where each locale's messages of account settings' team pages are (see catalogue-loaders.ts):
// a module of its own, loaded with those pages only.
import type { CatalogueLoaders } from './catalogue-loaders';
import type { TeamsKey } from './teams/teams-en';

export const teamsLoaders: CatalogueLoaders<TeamsKey> = {
  en: () => import('./teams/teams-en'),
  de: () => import('./teams/teams-de'),
  es: () => import('./teams/teams-es'),
  fr: () => import('./teams/teams-fr'),
  it: () => import('./teams/teams-it'),
  ja: () => import('./teams/teams-ja'),
  ko: () => import('./teams/teams-ko'),
  'pt-BR': () => import('./teams/teams-pt-BR'),
  'zh-CN': () => import('./teams/teams-zh-CN'),
  'zh-TW': () => import('./teams/teams-zh-TW'),
  ar: () => import('./teams/teams-ar'),
};
