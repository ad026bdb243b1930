// The one-time-code input's rules: digits only by default, letters and digits
// on request, cut to its length, more than 8 refused with its message; and the input it
// renders (one field, `one-time-code` autofill, numeric keyboard for digits).
import { describe, expect, test } from 'bun:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  OneTimeCodeInput,
  checkOneTimeCodeLength,
  normalizeOneTimeCode,
  oneTimeCodeTooLongMessage,
} from '../../ui/react/components/one-time-code-input';

describe('normalizeOneTimeCode', () => {
  test('keeps digits only by default and cuts to the length', () => {
    expect(normalizeOneTimeCode('12a3 4-5b67', 6)).toBe('123456');
    expect(normalizeOneTimeCode('abc', 6)).toBe('');
    expect(normalizeOneTimeCode('98765432', 4)).toBe('9876');
  });

  test('alphanumeric keeps letters (upper-cased) and digits, drops separators', () => {
    expect(normalizeOneTimeCode(' ab1-c2d ', 6, 'alphanumeric')).toBe('AB1C2D');
    expect(normalizeOneTimeCode('abcdefgh', 6, 'alphanumeric')).toBe('ABCDEF');
    expect(normalizeOneTimeCode('é!?_', 6, 'alphanumeric')).toBe('');
  });

  test('more than 8 characters is refused with "Digits must be 8 or smaller"', () => {
    expect(oneTimeCodeTooLongMessage).toBe('Digits must be 8 or smaller');
    expect(() => checkOneTimeCodeLength(9)).toThrow('Digits must be 8 or smaller');
    expect(() => normalizeOneTimeCode('123', 9)).toThrow('Digits must be 8 or smaller');
    expect(checkOneTimeCodeLength(8)).toBe(8);
    expect(() => checkOneTimeCodeLength(0)).toThrow(RangeError);
    expect(() => checkOneTimeCodeLength(2.5)).toThrow(RangeError);
  });
});

describe('<OneTimeCodeInput>', () => {
  const render = (props: Record<string, unknown>) =>
    renderToStaticMarkup(createElement(OneTimeCodeInput, { label: 'Code', value: '', onChange: () => undefined, ...props }));

  test('one labelled field with one-time-code autofill and a numeric keyboard for digits', () => {
    const html = render({ value: '12' });
    // HTML attribute names are case-insensitive; React 19 writes them camel-cased.
    expect(html).toMatch(/autocomplete="one-time-code"/i);
    expect(html).toMatch(/inputmode="numeric"/i);
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Code<\/label><input[^>]*id="\1"/);
    expect(html).toContain('value="12"');
  });

  test('an error is linked to the field with aria-describedby', () => {
    const html = render({ error: 'Invalid code' });
    const describedBy = html.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(describedBy).toBeDefined();
    expect(html).toContain(`id="${describedBy}"`);
    expect(html).toContain('aria-invalid="true"');
  });

  test('alphanumeric codes get a text keyboard', () => {
    expect(render({ characters: 'alphanumeric' })).toMatch(/inputmode="text"/i);
  });

  test('a length over 8 is refused when rendering', () => {
    expect(() => render({ length: 9 })).toThrow('Digits must be 8 or smaller');
  });
});
