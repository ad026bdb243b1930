// The catalogues loaded when a screen that needs them first renders (they suspend until the
// locale's messages are here): the account settings' frame and My Profile, the Security item, the
// team pages, Connected apps, the image crop dialog, and the hosted screens other than sign-in and sign-up. Each is
// fetched on its own, so a screen downloads only its messages and sign-in none of these.
import { useContext, useMemo } from 'react';
import type { SettingsKey } from '../../../server/protocol/messages/settings/settings-en';
import type { PagesKey } from '../../../server/protocol/messages/pages/pages-en';
import type { SecurityKey } from '../../../server/protocol/messages/security/security-en';
import type { TeamsKey } from '../../../server/protocol/messages/teams/teams-en';
import type { AuthKey } from '../../../server/protocol/messages/auth/auth-en';
import type { FormsKey } from '../../../server/protocol/messages/forms/forms-en';
import type { ComponentsKey } from '../../../server/protocol/messages/components/components-en';
import type { SecurityFormsKey } from '../../../server/protocol/messages/security-forms/security-forms-en';
import type { ConnectedAppsKey } from '../../../server/protocol/messages/connected-apps/connected-apps-en';
import type { ImageCropKey } from '../../../server/protocol/messages/image-crop/image-crop-en';
import type { Catalogue } from '../../../server/protocol/messages/message-format';
import { cachesFor } from './catalogue-cache';
import { MessagesContext } from './messages-context';
import { makeTranslator, type Translator } from './translator';

/** Each catalogue loaded on demand, with its keys. */
export interface LazyAreaKeys {
  auth: AuthKey;
  forms: FormsKey;
  components: ComponentsKey;
  settings: SettingsKey;
  pages: PagesKey;
  security: SecurityKey;
  securityForms: SecurityFormsKey;
  teams: TeamsKey;
  connectedApps: ConnectedAppsKey;
  imageCrop: ImageCropKey;
}
export type LazyArea = keyof LazyAreaKeys;

/** A catalogue's translator; suspends the first time a locale's messages are fetched. */
export function useLazyT<Area extends LazyArea>(area: Area): Translator<LazyAreaKeys[Area]> {
  const { locale, decorate, source } = useContext(MessagesContext);
  const caches = cachesFor(source);
  caches.used.add(area);
  const messages = caches.area(area).peek(locale) as Catalogue<LazyAreaKeys[Area]> | undefined;
  // Suspense: the nearest boundary shows its fallback until they are here.
  if (!messages) throw caches.area(area).load(locale);
  return useMemo(() => makeTranslator(locale, messages, decorate), [locale, messages, decorate]);
}

export const useAuthT = () => useLazyT('auth');
export const useFormsT = () => useLazyT('forms');
export const useComponentsT = () => useLazyT('components');
export const useSettingsT = () => useLazyT('settings');
export const usePagesT = () => useLazyT('pages');
export const useSecurityT = () => useLazyT('security');
export const useSecurityFormsT = () => useLazyT('securityForms');
export const useTeamsT = () => useLazyT('teams');
