// Paging through a list with the API's cursors: forward with the cursor the last answer gave,
// back through the cursors already seen (the API gives none backwards).
import { useState } from 'react';
import { pagerClass, smallButtonClass } from './styles';
import { useConsoleT } from './console-messages';

export function useCursorPages() {
  // The cursors of the pages before this one, and this page's (null: the first page).
  const [earlier, setEarlier] = useState<(string | null)[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  return {
    cursor,
    hasEarlier: earlier.length > 0,
    /** Back to the first page, after the list's filter changed. */
    restart() {
      setEarlier([]);
      setCursor(null);
    },
    back() {
      setCursor(earlier[earlier.length - 1] ?? null);
      setEarlier(earlier.slice(0, -1));
    },
    forward(next: string) {
      setEarlier([...earlier, cursor]);
      setCursor(next);
    },
  };
}

/** `label` names the pages ("Pages of users"); the buttons say Previous page and Next page unless told otherwise. */
export function CursorPager(props: { pages: ReturnType<typeof useCursorPages>; next: string | null; label: string; previous?: string; following?: string }) {
  const { pages, next } = props;
  const t = useConsoleT();
  return (
    <nav className={pagerClass} aria-label={props.label}>
      <button type="button" className={smallButtonClass} disabled={!pages.hasEarlier} onClick={pages.back}>
        {props.previous ?? t('pager.previous')}
      </button>
      <button type="button" className={smallButtonClass} disabled={next === null} onClick={() => next !== null && pages.forward(next)}>
        {props.following ?? t('pager.next')}
      </button>
    </nav>
  );
}
