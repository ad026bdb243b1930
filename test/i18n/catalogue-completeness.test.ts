// Every locale of every catalogue has exactly the English source's keys, every placeholder of
// each English message ({name} in the screens, {{ name }} in the emails), the plural forms its
// language needs, and no English sentence left untranslated; and the runtime fills them in
// through Intl (plural rules, numbers), never by concatenation.
import { describe, expect, test } from 'bun:test';
import { supportedLocales, type Locale } from '../../server/protocol/locales';
import { formatMessage, placeholdersOf, type Catalogue, type Message } from '../../server/protocol/messages/message-format';
import { emailsByLocale, impersonationByLocale, oidcPagesByLocale } from '../../server/protocol/messages/all-locales';
import { consoleLoaders } from '../../server/protocol/messages/console-loaders';
import { bundledLoaders } from '../../ui/react/i18n/bundled-messages';

type AnyCatalogue = Catalogue<string>;

async function loadAll(loaders: Record<Locale, () => Promise<{ default: AnyCatalogue }>>): Promise<Record<Locale, AnyCatalogue>> {
  const entries = await Promise.all(supportedLocales.map(async (locale) => [locale, (await loaders[locale]()).default] as const));
  return Object.fromEntries(entries) as Record<Locale, AnyCatalogue>;
}

/** The catalogues loaded per locale on demand, by the name the tests report them under. */
const loadedCatalogues = { ...bundledLoaders, console: consoleLoaders };

const catalogues: Record<string, () => Promise<Record<Locale, AnyCatalogue>>> = {
  ...Object.fromEntries(Object.entries(loadedCatalogues).map(([name, loaders]) => [name, () => loadAll(loaders as never)])),
  emails: async () => emailsByLocale as Record<Locale, AnyCatalogue>,
  oidcPages: async () => oidcPagesByLocale as Record<Locale, AnyCatalogue>,
  impersonation: async () => impersonationByLocale as Record<Locale, AnyCatalogue>,
};

const emailVariables = (message: Message) =>
  [...new Set((typeof message === 'string' ? [message] : Object.values(message)).flatMap((text) => [...(text ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!)))].sort();

// Words that stay as they are in every language: product names and the values of placeholders.
// The console's `{failure}: {reason}`-like messages are layout between placeholders.
const sameInEveryLanguage = new Set(['{screen} – {project}', '{failure}: {reason}', '#{number} {time}: {result}', '{label} {subject}']);

describe.each(Object.keys(catalogues))('the %s catalogue', (name) => {
  test('every locale has every key of the English source, and no other', async () => {
    const all = await catalogues[name]!();
    const englishKeys = Object.keys(all.en).sort();
    // A loader that answered the wrong module would have few keys; the banner's has two of its own.
    expect(englishKeys.length).toBeGreaterThanOrEqual(name === 'impersonation' ? 2 : 11);
    for (const locale of supportedLocales) expect({ locale, keys: Object.keys(all[locale]).sort() }).toEqual({ locale, keys: englishKeys });
  });

  test('every message keeps every placeholder of its English source, in every plural form', async () => {
    const all = await catalogues[name]!();
    const problems: string[] = [];
    for (const [key, english] of Object.entries(all.en)) {
      for (const locale of supportedLocales) {
        const message = all[locale][key]!;
        const forms = typeof message === 'string' ? [message] : Object.values(message);
        for (const form of forms) {
          const wanted = [...placeholdersOf(english), ...emailVariables(english)].sort();
          const found = [...placeholdersOf(form!), ...emailVariables(form!)].sort();
          if (JSON.stringify(found) !== JSON.stringify(wanted)) problems.push(`${locale} ${key}: ${JSON.stringify(found)} ≠ ${JSON.stringify(wanted)}`);
        }
        // A plural message has the `other` form and every category the locale's rules use.
        if (typeof message !== 'string') {
          for (const category of new Intl.PluralRules(locale).resolvedOptions().pluralCategories) {
            if (!(category in message)) problems.push(`${locale} ${key}: no "${category}" form`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test('no locale but English keeps an English sentence (nothing left untranslated)', async () => {
    const all = await catalogues[name]!();
    const left: string[] = [];
    for (const [key, english] of Object.entries(all.en)) {
      const englishText = JSON.stringify(english);
      if (sameInEveryLanguage.has(typeof english === 'string' ? english : '')) continue;
      for (const locale of supportedLocales.filter((l) => l !== 'en')) {
        // A message that is the English one word for word (longer than a product name) was not translated.
        if (JSON.stringify(all[locale][key]) === englishText && englishText.length > 14) left.push(`${locale} ${key}`);
      }
    }
    expect(left).toEqual([]);
  });
});

describe('the message runtime', () => {
  test('plural forms are picked by Intl.PluralRules for the locale, numbers written by Intl.NumberFormat', () => {
    const files = { one: '{count} file', other: '{count} files' };
    expect(formatMessage('en', files, { count: 1 })).toBe('1 file');
    expect(formatMessage('en', files, { count: 1234 })).toBe('1,234 files');
    expect(formatMessage('de', files, { count: 1234 })).toBe('1.234 files');
    // Arabic has six plural categories: the "two" form is chosen for 2, "few" for 3–10.
    const arabic = { zero: 'z', one: 'o', two: 't{count}', few: 'f', many: 'm', other: 'x' };
    expect(formatMessage('ar', arabic, { count: 2 })).toBe(`t${new Intl.NumberFormat('ar').format(2)}`);
    expect(formatMessage('ar', arabic, { count: 5 })).toBe('f');
    expect(formatMessage('ar', arabic, { count: 11 })).toBe('m');
    // Japanese has one form only: `other`.
    expect(formatMessage('ja', { other: '{count} 件' }, { count: 3 })).toBe('3 件');
  });

  test('placeholders are filled by name wherever the translation puts them', () => {
    expect(formatMessage('ja', '{provider} でサインイン', { provider: 'GitHub' })).toBe('GitHub でサインイン');
    expect(formatMessage('en', 'Hi {name}', {})).toBe('Hi {name}');
  });
});
