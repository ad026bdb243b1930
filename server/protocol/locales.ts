// The languages authd's screens, components and emails are written in, and how a request's
// language is matched to one of them. Shared by the server (page language, emails) and ui/.

export const supportedLocales = ['en', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'pt-BR', 'zh-CN', 'zh-TW', 'ar'] as const;
export type Locale = (typeof supportedLocales)[number];

/** The source language: every message is written in English first, and falls back to it. */
export const sourceLocale: Locale = 'en';

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/** Arabic is written right to left; the others left to right. */
export function textDirectionOf(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

// Chinese is told apart by script (Hant: Taiwan, Hong Kong, Macau) rather than by country alone.
const traditionalChinese = /^zh-(hant|tw|hk|mo)\b/i;

/**
 * The supported locale a BCP 47 tag asks for: the same tag in any case, else the same language
 * (de-AT → de, pt-PT → pt-BR, zh-Hant → zh-TW, zh → zh-CN), else null.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const wanted = tag.trim().replace(/_/g, '-');
  const exact = supportedLocales.find((locale) => locale.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  const language = wanted.split('-')[0]!.toLowerCase();
  if (language === 'zh') return traditionalChinese.test(wanted) ? 'zh-TW' : 'zh-CN';
  return supportedLocales.find((locale) => locale.split('-')[0]!.toLowerCase() === language) ?? null;
}

/** The first supported locale of an `Accept-Language` header, by its quality values. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .slice(0, 20) // a header is a handful of languages; a longer one is not worth reading
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag !== '' && range.tag !== '*' && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const locale = matchLocale(range.tag);
    if (locale) return locale;
  }
  return null;
}
