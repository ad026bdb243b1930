// The pseudo locale the screen tests render with (`?lang=en-XA` on the hosted screens): every
// catalogue message wrapped in ⟦ ⟧, its letters accented and the text lengthened by about 40 %,
// so text that did not come from the catalogue (no markers) and layouts that cannot take longer
// translations (text cut off or overflowing at 390 px) show up. Loaded only when asked for.

export const pseudoLocaleTag = 'en-XA';

const accented: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', A: 'Á', E: 'É', I: 'Í', O: 'Ó', U: 'Ú', c: 'ç', n: 'ñ' };

/** `Sign in` → `⟦Śíģñ íñ ~~~⟧`-like text; `{placeholders}` are left as they are (rich messages split there). */
export function pseudoLocalize(text: string): string {
  const parts = text.split(/(\{\w+\})/g);
  const body = parts.map((part) => (/^\{\w+\}$/.test(part) ? part : part.replace(/[aeiouAEIOUcn]/g, (c) => accented[c]!))).join('');
  const padding = '~'.repeat(Math.ceil(text.length * 0.4));
  return `⟦${body} ${padding}⟧`;
}
