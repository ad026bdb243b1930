// How a catalogue message becomes text: `{name}` placeholders filled in, numbers written the
// locale's way (Intl.NumberFormat), and plural messages picked by Intl.PluralRules. No ICU
// parser: a plural message is an object of the locale's plural categories, so the runtime is
// these few lines and the catalogues stay plain data.

/** One form per plural category the locale uses (`other` always); `{count}` is the number. */
export type PluralMessage = { other: string } & Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>>;
export type Message = string | PluralMessage;
export type MessageParameters = Record<string, string | number>;

/** A locale's messages for a catalogue whose English keys are `Key`. */
export type Catalogue<Key extends string> = Record<Key, Message>;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let value = cache.get(locale);
  if (value === undefined) cache.set(locale, (value = make()));
  return value;
}

/** The form of `message` for `count` in `locale`. */
export function pluralForm(locale: string, message: Message, count: number): string {
  if (typeof message === 'string') return message;
  const category = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count);
  return message[category] ?? message.other;
}

/** Fills `{name}` with the parameter (numbers formatted for the locale); unknown names stay as written. */
export function formatMessage(locale: string, message: Message, parameters?: MessageParameters): string {
  const count = parameters?.count;
  const text = pluralForm(locale, message, typeof count === 'number' ? count : 0);
  if (!parameters) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = parameters[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(value) : value;
  });
}

/** The placeholder names of a message (every plural form's), for the completeness test. */
export function placeholdersOf(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((text) => [...(text ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
}
