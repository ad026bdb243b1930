// What the pseudo-locale tests look for on a page rendered with `lang=en-XA` (every catalogue
// message wrapped in ⟦ ⟧ and about 40 % longer): visible text, accessible names and the tab title
// outside the markers (words that did not come from the catalogue), and text cut off or pushed
// out of its box at 390 px. Screenshots go to test-artifacts/browser/pseudo-*.png.
import { expect } from 'bun:test';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { artifactsDir } from './browser-support';

interface Findings {
  outside: string[];
  unlabelled: string[];
  overflowing: string[];
  title: string;
  pageWidth: number;
}

/** Reads the elements matching `scope`: text and attributes outside markers, boxes text overflows. */
async function inspect(page: Page, allowed: string[], scope: string): Promise<Findings> {
  return await page.evaluate(
    ([allowedData, rootSelector]) => {
      const roots = [...document.querySelectorAll<HTMLElement>(rootSelector)];
      // Nested messages (a link inside a sentence) nest their markers: strip innermost first.
      const stripMarked = (text: string) => {
        let previous;
        do {
          previous = text;
          text = text.replace(/⟦[^⟦⟧]*⟧/g, ' ');
        } while (text !== previous);
        return text;
      };
      const leftover = (text: string) => {
        let rest = stripMarked(text);
        // Longest first, so a name is not broken up by a shorter one (an initial).
        for (const data of [...allowedData].sort((a, b) => b.length - a.length)) rest = rest.split(data).join(' ');
        // Punctuation and separators between messages are layout, not words.
        return rest.replace(/[\s·•|:,.()\-–]+/g, ' ').trim();
      };
      const outside = roots
        .flatMap((root) => leftover(root.innerText).split(/\s{2,}|\n/))
        .map((s) => s.trim())
        .filter(Boolean);
      const unlabelled: string[] = [];
      const overflowing: string[] = [];
      for (const root of roots) {
        for (const element of root.querySelectorAll('[aria-label], [title], [placeholder]')) {
          for (const name of ['aria-label', 'title', 'placeholder']) {
            const value = element.getAttribute(name);
            if (value && leftover(value) !== '') unlabelled.push(`${element.tagName} ${name}="${value}"`);
          }
        }
        for (const element of root.querySelectorAll<HTMLElement>('*')) {
          if (element.getClientRects().length === 0 || element.tagName === 'svg' || element.closest('svg')) continue;
          const style = getComputedStyle(element);
          const rect = element.getBoundingClientRect();
          const clipped = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
          // A visually hidden label (for screen readers only) is clipped on purpose.
          const visuallyHidden = rect.width <= 1 && rect.height <= 1;
          if (clipped && !visuallyHidden && element.scrollWidth > element.clientWidth + 1 && element.tagName !== 'SELECT' && element.tagName !== 'INPUT') {
            overflowing.push(`cut off: <${element.tagName.toLowerCase()}> "${element.innerText.slice(0, 40)}"`);
          }
          if (rect.right > window.innerWidth + 1 || rect.left < -1) {
            overflowing.push(`outside the viewport: <${element.tagName.toLowerCase()}> "${element.innerText.slice(0, 40)}"`);
          }
        }
      }
      return { outside, unlabelled, overflowing, title: document.title, pageWidth: document.documentElement.scrollWidth };
    },
    [allowed, scope] as const,
  );
}

/**
 * Fails on any word, accessible name or placeholder inside `scope` (default: the screens' root)
 * that is neither a catalogue message nor one of `allowed` (the user's own data, names shown as
 * they are), and on text cut off or outside the 390 px viewport. Returns what it read.
 */
export async function expectAllFromCatalogue(page: Page, name: string, allowed: string[], scope = '#root'): Promise<Findings> {
  await page.screenshot({ path: join(artifactsDir, `pseudo-${name}.png`), fullPage: true });
  const found = await inspect(page, allowed, scope);
  expect({ name, outside: found.outside, unlabelled: found.unlabelled, overflowing: found.overflowing }).toEqual({
    name,
    outside: [],
    unlabelled: [],
    overflowing: [],
  });
  expect(found.pageWidth).toBeLessThanOrEqual(390);
  return found;
}
