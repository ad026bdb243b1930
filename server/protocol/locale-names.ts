// Each supported language's name in itself, for the language picker in account settings (a
// module of its own: the sign-in screens do not carry the list).
import type { Locale } from './locales';

/** Each language's own name, as the language picker in account settings lists it. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  'pt-BR': 'Português (Brasil)',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ar: 'العربية',
};
