// Loads a catalogue's messages for a locale once per page: fetched on first use (the hosted
// page preloads its locale's) and kept.
import type { Locale } from '../../../server/protocol/locales';
import type { Catalogue } from '../../../server/protocol/messages/message-format';
import type { MessageArea, MessagesSource } from './messages-source';

export interface CatalogueCache<Key extends string> {
  /** The messages when loaded, else undefined. */
  peek(locale: Locale): Catalogue<Key> | undefined;
  load(locale: Locale): Promise<Catalogue<Key>>;
  /** Messages already at hand (written into the page): peeked from now on, never fetched. */
  keep(locale: Locale, messages: Catalogue<Key>): void;
}

function catalogueCache<Key extends string>(load: (locale: Locale) => Promise<Catalogue<Key>>): CatalogueCache<Key> {
  const loaded = new Map<Locale, Catalogue<Key>>();
  const pending = new Map<Locale, Promise<Catalogue<Key>>>();
  return {
    peek: (locale) => loaded.get(locale),
    keep: (locale, messages) => void loaded.set(locale, messages),
    load(locale) {
      const done = loaded.get(locale);
      if (done) return Promise.resolve(done);
      let promise = pending.get(locale);
      if (!promise) {
        promise = load(locale).then((messages) => {
          loaded.set(locale, messages);
          return messages;
        });
        // A failed download (offline) may be tried again by the next render.
        promise.catch(() => pending.delete(locale));
        pending.set(locale, promise);
      }
      return promise;
    },
  };
}

export interface SourceCaches {
  area(area: MessageArea): CatalogueCache<string>;
  /**
   * The catalogues of screens already on the page (the account settings' once they loaded): a
   * change of language loads them too before it shows, so no screen suspends in the middle of it.
   */
  used: Set<MessageArea>;
}

const cachesBySource = new WeakMap<MessagesSource, SourceCaches>();

/** One set of caches per source of messages, shared by every provider using it. */
export function cachesFor(source: MessagesSource): SourceCaches {
  let caches = cachesBySource.get(source);
  if (!caches) {
    const areas = new Map<MessageArea, CatalogueCache<string>>();
    caches = {
      area(area) {
        let cache = areas.get(area);
        if (!cache) areas.set(area, (cache = catalogueCache((locale) => source(area, locale))));
        return cache;
      },
      used: new Set(['screens']),
    };
    cachesBySource.set(source, caches);
  }
  return caches;
}
