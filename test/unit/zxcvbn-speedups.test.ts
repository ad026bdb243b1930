// zxcvbn-ts sped up (server/vendor/zxcvbn-speedups.ts) must give the strength estimate the stock
// estimator gives: same score, same guesses, same match sequence and feedback, for passwords with
// and without leetspeak, repeats, sequences, dates and keyboard patterns, and with the user's
// email as an input.
import { describe, expect, test } from 'bun:test';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { scoresBelowTwo, speedUpZxcvbn } from '../../server/vendor/zxcvbn-speedups';

const stock = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
const spedUp = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
speedUpZxcvbn(spedUp);

/** A small deterministic generator, so a failure names a password that fails again. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const leet: Record<string, string[]> = {
  a: ['4', '@'], e: ['3'], i: ['1', '!', '|'], o: ['0', '()'], s: ['$', '5'], t: ['7', '+'], l: ['1', '|'],
  b: ['8'], g: ['9', '6'], u: ['|_|'], w: ['vv', '\\/\\/'], m: ['^^'], h: ['|-|'], k: ['|<'], x: ['%'],
};

function corpus(): string[] {
  const random = seededRandom(20261127);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const words = Object.values(dictionary).flat().filter((w): w is string => typeof w === 'string' && w.length >= 3);
  const leetOf = (word: string, rate: number) =>
    [...word].map((c) => (leet[c] && random() < rate ? pick(leet[c]!) : c)).join('');
  const passwords = [
    'steady copper lanterns', 'Tr0ub4dor&3', 'p@55w0rd', 'P4$$w0rd!', 'correcthorsebatterystaple', 'j4Kx!9qLm2#v',
    '1l0v3y0u', 'h3ll0w0rld2024', 'm0nk3y!!', 'qwerty123', '|_|nd3r$c0r3', '\\/\\/ind0vv', 'a', '', '4', '44', 'İstanbul1',
    'abcabcabc', 'xyzxyzxyz2020', 'zxcvbnm,./', 'qazwsxedc', '1qaz2wsx3edc', '13/04/1987', '19870413', 'aaaaaaaaaa', 'abcdefgh12345',
    'dragondragon', 'P@ssw0rdP@ssw0rd', '!@#$%^&*()', 'asdfghjkl;', 'jan-2024-feb', 'correct-horse-battery-staple',
  ];
  for (let n = 0; n < 700; n++) {
    const word = pick(words);
    const shape = n % 7;
    if (shape === 0) passwords.push(leetOf(word, 0.6));
    else if (shape === 1) passwords.push(`${leetOf(word, 0.3)}${Math.floor(random() * 10_000)}`);
    else if (shape === 2) passwords.push(`${word[0]!.toUpperCase()}${word.slice(1)}${pick(['!', '1', '2024', '$', '@1'])}`);
    else if (shape === 3) passwords.push(`${leetOf(pick(words), 0.5)}${pick([' ', '-', '.', ''])}${leetOf(pick(words), 0.5)}`);
    else if (shape === 4) passwords.push(Array.from({ length: 6 + Math.floor(random() * 14) }, () => pick([...'abcdefghijklmnopqrstuvwxyz0123456789!@#$%|()']).toString()).join(''));
    else if (shape === 5) passwords.push(`${word}${word.split('').reverse().join('')}`);
    else passwords.push(leetOf(`${word}${pick(words)}`, 0.8));
  }
  return passwords;
}

function estimate(factory: ZxcvbnFactory, password: string, userInputs: string[]) {
  const result = factory.check(password, userInputs);
  return { score: result.score, guesses: result.guesses, sequence: result.sequence, feedback: result.feedback };
}

describe('zxcvbn-ts sped up', () => {
  const passwords = corpus();

  test('gives the stock estimate for every password of the corpus', () => {
    let withLeetMatches = 0;
    for (const password of passwords) {
      const expected = estimate(stock, password, []);
      expect({ password, ...estimate(spedUp, password, []) }).toEqual({ password, ...expected });
      if (expected.sequence.some((match) => 'l33t' in match && match.l33t)) withLeetMatches++;
    }
    // The corpus must exercise the matcher: many of its best readings are leetspeak ones.
    expect(withLeetMatches).toBeGreaterThan(100);
  }, 60_000);

  test('gives the stock estimate with the email among the user inputs', () => {
    const email = 'm0nk3y.lover@example.com';
    const userInputs = [email, ...email.split(/[@.+_-]/)];
    for (const password of [...passwords.slice(0, 150), 'm0nk3y.l0ver', 'M0NK3Ylover!', 'exampl3.com']) {
      expect({ password, ...estimate(spedUp, password, userInputs) }).toEqual({ password, ...estimate(stock, password, userInputs) });
    }
  }, 60_000);

  test('scoresBelowTwo answers as the stock score does, with and without the email as an input', () => {
    const email = 'm0nk3y.lover@example.com';
    const emailInputs = [email, ...email.split(/[@.+_-]/)];
    const extra = ['m0nk3y.l0ver', 'M0NK3Ylover!', 'exampl3.com', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjkl', '2024-01-01', 'passwordpassword', 'p', 'ab', 'password1'];
    let below = 0;
    let above = 0;
    for (const userInputs of [[], emailInputs]) {
      for (const password of [...passwords, ...extra]) {
        const expected = stock.check(password, userInputs).score < 2;
        expect({ password, userInputs, below: scoresBelowTwo(spedUp, password, userInputs) }).toEqual({ password, userInputs, below: expected });
        if (expected) below++;
        else above++;
      }
    }
    // Both answers must be well represented for the comparison to mean anything.
    expect(below).toBeGreaterThan(200);
    expect(above).toBeGreaterThan(200);
  }, 60_000);
});
