// Which language the screens speak, in the order the product names: an explicit choice (the
// `locale` prop; the hosted screens' `lang` parameter), the signed-in user's stored locale, the
// browser's languages (Accept-Language), then the project's default; English when none matches.
import { matchLocale, sourceLocale, type Locale } from '../../../server/protocol/locales';

export interface LocaleSources {
  explicit?: string | null;
  user?: string | null;
  /** The request's Accept-Language as a server matched it, or the browser's own list. */
  requested?: string | readonly string[] | null;
  projectDefault?: string | null;
}

export function chooseLocale(sources: LocaleSources): Locale {
  const requested = typeof sources.requested === 'string' ? [sources.requested] : (sources.requested ?? []);
  const firstRequested = requested.map((tag) => matchLocale(tag)).find((locale) => locale !== null) ?? null;
  return matchLocale(sources.explicit) ?? matchLocale(sources.user) ?? firstRequested ?? matchLocale(sources.projectDefault) ?? sourceLocale;
}

/** The browser's preferred languages (what it sends as Accept-Language), empty outside a browser. */
export function browserLanguages(): readonly string[] {
  return typeof navigator === 'object' && navigator.languages ? navigator.languages : [];
}

/**
 * `url` with the hosted screens' `lang` parameter of this page, when it has one: the addresses a
 * flow leaves by and comes back to (the OAuth callback and error page, the magic link) carry it,
 * so the screen after the round trip speaks the language chosen before it.
 */
export function withPageLanguage(url: string): string {
  const lang = typeof location === 'object' ? new URLSearchParams(location.search).get('lang') : null;
  if (lang === null) return url;
  const withLang = new URL(url, location.href);
  withLang.searchParams.set('lang', lang);
  return withLang.toString();
}
