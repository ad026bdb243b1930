// How the screens word a rate limit's wait: people read minutes and hours, not 3,598 seconds.
import { describe, expect, test } from 'bun:test';
import { waitInWords } from '../../ui/react/form-submit';

describe('waitInWords', () => {
  test('seconds under a minute and a half, then minutes, then hours', () => {
    expect(waitInWords(42)).toBe('42 seconds');
    expect(waitInWords(3598)).toBe('about 60 minutes');
    expect(waitInWords(7200)).toBe('about 2 hours');
  });
});
