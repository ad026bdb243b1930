// How the screens word a rate limit's wait: people read minutes and hours, not 3,598 seconds,
// and in their own language (units written by Intl.NumberFormat).
import { describe, expect, test } from 'bun:test';
import { waitInWords } from '../../ui/react/form-submit';
import { makeTranslator } from '../../ui/react/i18n/translator';
import { screensEn } from '../../server/protocol/messages/screens/screens-en';
import screensJa from '../../server/protocol/messages/screens/screens-ja';
import screensDe from '../../server/protocol/messages/screens/screens-de';

describe('waitInWords', () => {
  test('seconds under a minute and a half, then minutes, then hours', () => {
    const english = makeTranslator('en', screensEn);
    expect(waitInWords(42, english)).toBe('42 seconds');
    expect(waitInWords(3598, english)).toBe('about 60 minutes');
    expect(waitInWords(7200, english)).toBe('about 2 hours');
  });

  test('in the screens\' language, with its plural forms', () => {
    expect(waitInWords(60, makeTranslator('de', screensDe))).toBe('60 Sekunden');
    expect(waitInWords(3598, makeTranslator('de', screensDe))).toBe('etwa 60 Minuten');
    expect(waitInWords(1, makeTranslator('de', screensDe))).toBe('1 Sekunde');
    expect(waitInWords(7200, makeTranslator('ja', screensJa))).toBe('約2 時間');
  });
});
