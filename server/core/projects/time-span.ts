// Time spans as the product writes them: a number plus a unit of ms, s,
// m, h, d or w; a bare number means weeks, the product's default unit.
const unitMillis = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

export function parseTimeSpan(text: string): number | null {
  const match = /^\s*(\d+)\s*(ms|s|m|h|d|w)?\s*$/.exec(text);
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = (match[2] ?? 'w') as keyof typeof unitMillis;
  const millis = amount * unitMillis[unit];
  return Number.isSafeInteger(millis) && millis > 0 ? millis : null;
}
