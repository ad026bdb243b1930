// Every locale of the catalogues the server itself writes with (page titles of the hosted
// screens, the default emails), imported at once: the server holds them all, a browser never
// imports this module (it loads one locale through catalogue-loaders.ts).
import type { Locale } from '../locales';
import type { Catalogue } from './message-format';
import { screensEn, type ScreensKey } from './screens/en';
import { emailsEn, type EmailsKey } from './emails/en';
import screensDe from './screens/de';
import screensEs from './screens/es';
import screensFr from './screens/fr';
import screensIt from './screens/it';
import screensJa from './screens/ja';
import screensKo from './screens/ko';
import screensPtBr from './screens/pt-BR';
import screensZhCn from './screens/zh-CN';
import screensZhTw from './screens/zh-TW';
import screensAr from './screens/ar';
import emailsDe from './emails/de';
import emailsEs from './emails/es';
import emailsFr from './emails/fr';
import emailsIt from './emails/it';
import emailsJa from './emails/ja';
import emailsKo from './emails/ko';
import emailsPtBr from './emails/pt-BR';
import emailsZhCn from './emails/zh-CN';
import emailsZhTw from './emails/zh-TW';
import emailsAr from './emails/ar';

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
