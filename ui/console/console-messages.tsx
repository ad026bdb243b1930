// The console's language: chosen as the hosted screens choose theirs, in the order the product
// names where it applies to the console (an explicit `?lang=` on /admin, the signed-in admin's
// stored locale, the browser's languages, English; the console belongs to no project, so no
// project default), its one catalogue loaded for that locale only, and the page's `lang` and
// `dir` set so Arabic mirrors. Dates and numbers are written with Intl for the locale.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { matchLocale, textDirectionOf, type Locale } from '../../server/protocol/locales';
import type { Catalogue } from '../../server/protocol/messages/message-format';
import { consoleLoaders } from '../../server/protocol/messages/console-loaders';
import type { ConsoleKey } from '../../server/protocol/messages/console/console-en';
import { browserLanguages, chooseLocale } from '../react/i18n/locale-choice';
import { makeTranslator, type MessageDecorator, type Translator } from '../react/i18n/translator';

export type ConsoleT = Translator<ConsoleKey>;

const ConsoleMessagesContext = createContext<ConsoleT | null>(null);

/** The console's translator, with the locale it speaks (`t.locale`). */
export function useConsoleT(): ConsoleT {
  const t = useContext(ConsoleMessagesContext);
  if (!t) throw new Error('useConsoleT outside ConsoleMessages');
  return t;
}

/** A day as the locale writes it, in digits (the admin's time zone). */
export function formatDay(t: ConsoleT, millis: number): string {
  return new Intl.DateTimeFormat(t.locale).format(millis);
}

/** A moment to the second, as the locale writes it. */
export function formatMoment(t: ConsoleT, millis: number): string {
  return new Intl.DateTimeFormat(t.locale, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).format(millis);
}

/** A time of day to the second. */
export function formatTime(t: ConsoleT, millis: number): string {
  return new Intl.DateTimeFormat(t.locale, { timeStyle: 'medium' }).format(millis);
}

/** Words in a list, the locale's way ("a, b, c"; Arabic "a، وb"). */
export function formatList(t: ConsoleT, words: string[]): string {
  return new Intl.ListFormat(t.locale, { style: 'short', type: 'unit' }).format(words);
}

/** A number with the locale's grouping. */
export function formatNumber(t: ConsoleT, value: number): string {
  return new Intl.NumberFormat(t.locale).format(value);
}

/**
 * Loads and provides the console's messages. `user` is the signed-in person's stored locale and
 * `ready` says the session check has read it: until then nothing loads (and nothing shows, the
 * check is one call), unless `explicit` names a language, which outranks it anyway.
 */
export function ConsoleMessages(props: { explicit: string | null; user: string | null; ready: boolean; decorate: MessageDecorator; children: ReactNode }) {
  const known = props.ready || matchLocale(props.explicit) !== null;
  const locale: Locale = chooseLocale({ explicit: props.explicit, user: props.user, requested: browserLanguages() });
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Catalogue<ConsoleKey> } | null>(null);

  useEffect(() => {
    if (!known) return;
    let current = true;
    consoleLoaders[locale]().then(
      (module) => current && setLoaded({ locale, messages: module.default }),
      // A failed download (offline) leaves the words shown so far; a reload tries again.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [locale, known]);

  useEffect(() => {
    if (!loaded) return;
    document.documentElement.lang = loaded.locale;
    document.documentElement.dir = textDirectionOf(loaded.locale);
  }, [loaded]);

  const t = useMemo(() => (loaded ? makeTranslator(loaded.locale, loaded.messages, props.decorate) : null), [loaded, props.decorate]);
  // Until the locale's words are here the page stays blank (one small download).
  if (!t) return null;
  return <ConsoleMessagesContext.Provider value={t}>{props.children}</ConsoleMessagesContext.Provider>;
}
