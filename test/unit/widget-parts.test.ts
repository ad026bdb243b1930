// The pure parts of the user button and team switcher: initials of avatars and the select
// collection's rules (no empty item values; type-ahead keys typed together are one search).
import { describe, expect, test } from 'bun:test';
import { personInitials, teamInitial } from '../../ui/react/components/avatars';
import { selectCollection, typeaheadResetMillis } from '../../ui/react/components/select-collection';

describe('avatar initials', () => {
  test('two initials from a two-word name, two letters from one word or the email', () => {
    expect(personInitials('Ada Lovelace', 'ada@example.com')).toBe('AL');
    expect(personInitials('  grace  brewster hopper ', null)).toBe('GB');
    expect(personInitials('Plato', null)).toBe('PL');
    expect(personInitials(null, 'zoe@example.com')).toBe('ZO');
    expect(personInitials('', 'x@example.com')).toBe('X');
    expect(personInitials('Élodie Ünal', null)).toBe('ÉÜ');
  });
  test('a team shows one initial', () => {
    expect(teamInitial('rocket club')).toBe('R');
    expect(teamInitial(' Ωmega')).toBe('Ω');
  });
});

describe('select collection', () => {
  test('an item with an empty value is refused with a message naming it', () => {
    expect(() => selectCollection([{ value: '', label: 'Nobody' }])).toThrow('the select item "Nobody" has an empty value');
  });

  // The 1 s reset itself is shown in the browser test, on Playwright's page clock.
  test('type-ahead keys typed together continue one search', () => {
    const collection = selectCollection([
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
      { value: 'c', label: 'Bravo' },
    ]);
    const state = { keysSoFar: '', timer: -1 };
    expect(collection.search('b', { state, currentValue: null })).toBe('b');
    expect(collection.search('r', { state, currentValue: 'b' })).toBe('c');
    expect(state.keysSoFar).toBe('br');
    expect(typeaheadResetMillis).toBe(1000);
    clearTimeout(state.timer);
  });
});
