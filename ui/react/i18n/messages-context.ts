// The screens' messages as the provider chose them: the locale, where messages come from, the
// shared catalogue every screen uses (loaded by the provider before the screens render), and the
// catalogues loaded when a screen that needs them first renders (below). One module, in the
// entry every screen loads: as a chunk of its own it was one more download on every screen.
import { createContext, useContext, useMemo } from 'react';
import { sourceLocale, textDirectionOf, type Locale } from '../../../server/protocol/locales';
import type { ScreensKey } from '../../../server/protocol/messages/screens/screens-en';
import type { Catalogue } from '../../../server/protocol/messages/message-format';
import { makeTranslator, type MessageDecorator, type Translator } from './translator';
import type { MessagesSource } from './messages-source';
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
import { cachesFor } from './catalogue-cache';

export interface MessagesValue {
  locale: Locale;
  screens: Catalogue<ScreensKey>;
  decorate: MessageDecorator;
  source: MessagesSource;
}

// Outside a provider no messages are loaded (the screens need a provider anyway): keys show.
export const MessagesContext = createContext<MessagesValue>({
  locale: sourceLocale,
  screens: {} as Catalogue<ScreensKey>,
  decorate: null,
  source: () => Promise.resolve({}),
});

export function useLocale(): Locale {
  return useContext(MessagesContext).locale;
}

/** `rtl` for Arabic: the screens' root elements carry it so the card, forms and menus mirror. */
export function useTextDirection(): 'ltr' | 'rtl' {
  return textDirectionOf(useLocale());
}

/** The shared screens' translator (the provider has loaded its messages). */
export function useT(): Translator<ScreensKey> {
  const { locale, screens, decorate } = useContext(MessagesContext);
  return useMemo(() => makeTranslator(locale, screens, decorate), [locale, screens, decorate]);
}

// The catalogues loaded when a screen that needs them first renders (they suspend until the
// locale's messages are here): the account settings' frame and My Profile, the Security item, the
// team pages, Connected apps, the image crop dialog, and the hosted screens other than sign-in and
// sign-up. Each is fetched on its own, so a screen downloads only its messages and sign-in none
// of these.

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
