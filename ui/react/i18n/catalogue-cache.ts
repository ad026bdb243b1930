// Loads a catalogue's messages for a locale once per page: the locale's chunk is fetched on first
// use (the hosted page preloads it) and kept.
import type { Locale } from '../../../server/protocol/locales';
import type { CatalogueLoaders } from '../../../server/protocol/messages/catalogue-loaders';
import type { Catalogue } from '../../../server/protocol/messages/message-format';

export interface CatalogueCache<Key extends string> {
  /** The messages when loaded, else undefined. */
  peek(locale: Locale): Catalogue<Key> | undefined;
  load(locale: Locale): Promise<Catalogue<Key>>;
}

export function catalogueCache<Key extends string>(loaders: CatalogueLoaders<Key>): CatalogueCache<Key> {
  const loaded = new Map<Locale, Catalogue<Key>>();
  const pending = new Map<Locale, Promise<Catalogue<Key>>>();
  return {
    peek: (locale) => loaded.get(locale),
    load(locale) {
      const done = loaded.get(locale);
      if (done) return Promise.resolve(done);
      let promise = pending.get(locale);
      if (!promise) {
        promise = loaders[locale]().then((module) => {
          loaded.set(locale, module.default);
          return module.default;
        });
        // A failed download (offline) may be tried again by the next render.
        promise.catch(() => pending.delete(locale));
        pending.set(locale, promise);
      }
      return promise;
    },
  };
}
