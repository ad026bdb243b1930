// A translator: a locale's messages of one catalogue as a function from key (and parameters) to
// text. A key the locale lacks shows as the key itself (the completeness test keeps that from
// happening in the shipped catalogues; English is not kept around as a fallback, so a browser
// downloads one locale's messages only).
import { Fragment, createElement, type ReactNode } from 'react';
import type { Locale } from '../../../server/protocol/locales';
import { formatMessage, type Catalogue, type MessageParameters } from '../../../server/protocol/messages/message-format';

export interface Translator<Key extends string> {
  (key: Key, parameters?: MessageParameters): string;
  locale: Locale;
  /** Whether the catalogue has `key` (a known error's wording, `error.CODE`). */
  has(key: string): key is Key;
  /**
   * The message with React nodes in some placeholders (a link, a bold address): the text is
   * split at those placeholders, so the words around them stay in the translator's order.
   */
  rich(key: Key, nodes: Record<string, ReactNode>, parameters?: MessageParameters): ReactNode;
}

/**
 * Wraps each message of a pseudo locale in markers (test/i18n renders every screen with it to find
 * text that did not come from a catalogue); null in every real locale.
 */
export type MessageDecorator = ((text: string) => string) | null;

export function makeTranslator<Key extends string>(
  locale: Locale,
  messages: Catalogue<Key>,
  decorate: MessageDecorator = null,
): Translator<Key> {
  const text = (key: Key, parameters?: MessageParameters) => {
    const message = formatMessage(locale, messages[key] ?? key, parameters);
    return decorate ? decorate(message) : message;
  };
  const translate = text as Translator<Key>;
  translate.locale = locale;
  translate.has = (key): key is Key => Object.hasOwn(messages, key);
  translate.rich = (key, nodes, parameters) => {
    const parts = text(key, parameters).split(/\{(\w+)\}/g);
    // Odd positions are placeholder names, the others the text between them.
    return createElement(
      Fragment,
      null,
      ...parts.map((part, index) => (index % 2 === 1 ? createElement(Fragment, { key: index }, nodes[part] ?? `{${part}}`) : part)),
    );
  };
  return translate;
}
