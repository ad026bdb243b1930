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

