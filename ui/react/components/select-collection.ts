// The list collection the select widgets (team switcher) hand to Ark's Select, with the two
// behaviours the product asks of every select: type-ahead keys typed within 1 s of each other
// build one search (Ark's default forgets them after 350 ms, too fast for most people), and no
// item may have an empty value (an empty value reads as "nothing chosen" and cannot be picked).
import { createListCollection, type ListCollection } from '@ark-ui/react/collection';

/** How long typed keys count as one type-ahead search. */
export const typeaheadResetMillis = 1000;

export interface SelectItemShape {
  value: string;
  label: string;
}

export function selectCollection<T extends SelectItemShape>(items: readonly T[]): ListCollection<T> {
  for (const item of items) {
    if (item.value === '') throw new Error(`authd: the select item "${item.label}" has an empty value; every item needs one.`);
  }
  const collection = createListCollection<T>({
    items: [...items],
    itemToValue: (item) => item.value,
    itemToString: (item) => item.label,
  });
  const search = collection.search;
  collection.search = (query, options) => search(query, { ...options, timeout: typeaheadResetMillis });
  return collection;
}
