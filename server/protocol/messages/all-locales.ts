// Every locale of the catalogues the server itself writes with (page titles of the hosted
// screens, the default emails, the OpenID Provider's pages, the impersonation banner), imported at once: the server holds them all, a browser never
// imports this module (it loads one locale through catalogue-loaders.ts).
import type { Locale } from '../locales';
import type { Catalogue } from './message-format';
import { screensEn, type ScreensKey } from './screens/screens-en';
import { emailsEn, type EmailsKey } from './emails/emails-en';
import screensDe from './screens/screens-de';
import screensEs from './screens/screens-es';
import screensFr from './screens/screens-fr';
import screensIt from './screens/screens-it';
import screensJa from './screens/screens-ja';
import screensKo from './screens/screens-ko';
import screensPtBr from './screens/screens-pt-BR';
import screensZhCn from './screens/screens-zh-CN';
import screensZhTw from './screens/screens-zh-TW';
import screensAr from './screens/screens-ar';
import emailsDe from './emails/emails-de';
import emailsEs from './emails/emails-es';
import emailsFr from './emails/emails-fr';
import emailsIt from './emails/emails-it';
import emailsJa from './emails/emails-ja';
import emailsKo from './emails/emails-ko';
import emailsPtBr from './emails/emails-pt-BR';
import emailsZhCn from './emails/emails-zh-CN';
import emailsZhTw from './emails/emails-zh-TW';
import emailsAr from './emails/emails-ar';
import { oidcPagesEn, type OidcPagesKey } from './oidc/oidc-en';
import oidcPagesDe from './oidc/oidc-de';
import oidcPagesEs from './oidc/oidc-es';
import oidcPagesFr from './oidc/oidc-fr';
import oidcPagesIt from './oidc/oidc-it';
import oidcPagesJa from './oidc/oidc-ja';
import oidcPagesKo from './oidc/oidc-ko';
import oidcPagesPtBr from './oidc/oidc-pt-BR';
import oidcPagesZhCn from './oidc/oidc-zh-CN';
import oidcPagesZhTw from './oidc/oidc-zh-TW';
import oidcPagesAr from './oidc/oidc-ar';
import { impersonationEn, type ImpersonationKey } from './impersonation/impersonation-en';
import impersonationDe from './impersonation/impersonation-de';
import impersonationEs from './impersonation/impersonation-es';
import impersonationFr from './impersonation/impersonation-fr';
import impersonationIt from './impersonation/impersonation-it';
import impersonationJa from './impersonation/impersonation-ja';
import impersonationKo from './impersonation/impersonation-ko';
import impersonationPtBr from './impersonation/impersonation-pt-BR';
import impersonationZhCn from './impersonation/impersonation-zh-CN';
import impersonationZhTw from './impersonation/impersonation-zh-TW';
import impersonationAr from './impersonation/impersonation-ar';

export const screensByLocale: Record<Locale, Catalogue<ScreensKey>> = {
  en: screensEn,
  de: screensDe,
  es: screensEs,
  fr: screensFr,
  it: screensIt,
  ja: screensJa,
  ko: screensKo,
  'pt-BR': screensPtBr,
  'zh-CN': screensZhCn,
  'zh-TW': screensZhTw,
  ar: screensAr,
};

export const emailsByLocale: Record<Locale, Catalogue<EmailsKey>> = {
  en: emailsEn,
  de: emailsDe,
  es: emailsEs,
  fr: emailsFr,
  it: emailsIt,
  ja: emailsJa,
  ko: emailsKo,
  'pt-BR': emailsPtBr,
  'zh-CN': emailsZhCn,
  'zh-TW': emailsZhTw,
  ar: emailsAr,
};

/** The OpenID Provider's server-rendered pages (consent, refusal, signed out). */
export const oidcPagesByLocale: Record<Locale, Catalogue<OidcPagesKey>> = {
  en: oidcPagesEn,
  de: oidcPagesDe,
  es: oidcPagesEs,
  fr: oidcPagesFr,
  it: oidcPagesIt,
  ja: oidcPagesJa,
  ko: oidcPagesKo,
  'pt-BR': oidcPagesPtBr,
  'zh-CN': oidcPagesZhCn,
  'zh-TW': oidcPagesZhTw,
  ar: oidcPagesAr,
};

/** The banner written into hosted pages during an impersonation session (server/http/impersonation-banner.ts). */
export const impersonationByLocale: Record<Locale, Catalogue<ImpersonationKey>> = {
  en: impersonationEn,
  de: impersonationDe,
  es: impersonationEs,
  fr: impersonationFr,
  it: impersonationIt,
  ja: impersonationJa,
  ko: impersonationKo,
  'pt-BR': impersonationPtBr,
  'zh-CN': impersonationZhCn,
  'zh-TW': impersonationZhTw,
  ar: impersonationAr,
};
