// Changes to how zxcvbn-ts computes its strength estimate, each giving exactly the stock answer
// (test/unit/zxcvbn-speedups.test.ts compares score, guesses, match sequence and feedback, and
// scoresBelowTwo's answer, with the stock estimator's over a corpus). They matter because the
// estimate is the dearest step of a sign-up after the hash, and runs on the server's one
// JavaScript thread.
//
// 1. The leetspeak matcher does only the lookups whose answers it keeps. The stock one reads a
//    password back through up to 100 leetspeak variants ("p4ss" → "pass") and runs the whole
//    dictionary search over each: every substring up to the longest dictionary word, in every
//    dictionary. It then throws away each match whose text holds no substitution, since the plain
//    dictionary matcher already found it. A password ending in a few digits makes dozens of
//    variants, so that search was 70 % of a check for passwords like "sunshine2024!". This one
//    looks up only the substrings of a variant that cover a substituted character (and the whole
//    variant, whose match ends the search early). Where a password or table falls outside what
//    that reasoning covers (case folding that changes a string's length, a substitution shorter
//    than its letter, Levenshtein matching), the stock matcher runs.
// 2. Each match's guesses are estimated once. The stock search for the most guessable sequence
//    estimates a match again at every sequence length it tries it in; the estimate depends only
//    on the match and the password, and the search returns a match unchanged when it already
//    carries one, so estimating each match up front gives the same sequence for less work.
// 3. The word-sequence matcher is skipped when no word-sequence dictionary is loaded: it can
//    find nothing then.
// 4. authd only asks whether the score is below 2. `scoresBelowTwo` answers that exactly from
//    the sequences of one or two matches (longer ones always score higher), so it needs only
//    the matches at either end of the password and no full search: 5× faster for a passphrase,
//    2.5–3× for passwords ending in digits or symbols.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { MIN_GUESSES_BEFORE_GROWING_SEQUENCE } from '@zxcvbn-ts/core/dist/data/const';
import estimateGuesses from '@zxcvbn-ts/core/dist/scoring/estimate';
import type Scoring from '@zxcvbn-ts/core/dist/scoring/index';
import MatchL33t from '@zxcvbn-ts/core/dist/matcher/dictionary/variants/matching/l33t';
import getCleanPasswords, {
  type PasswordWithSubs,
} from '@zxcvbn-ts/core/dist/matcher/dictionary/variants/matching/unmunger/getCleanPasswords';
import type { DictionaryMatchOptions } from '@zxcvbn-ts/core/dist/matcher/dictionary/types';
import type { L33tMatch } from '@zxcvbn-ts/core/dist/types';

type RankedDictionaries = Record<string, Record<string, number>>;
interface RangedDictionaries {
  rankedDictionaries: RankedDictionaries;
  rankedDictionariesMaxWordSize: Record<string, number>;
}

class ChangeOnlyL33tMatcher extends MatchL33t {
  override match(matchOptions: DictionaryMatchOptions): L33tMatch[] {
    const { password } = matchOptions;
    if (this.options.useLevenshteinDistance || password.toLowerCase().length !== password.length) {
      return super.match(matchOptions);
    }
    const variants = getCleanPasswords(password, this.options.l33tMaxSubstitutions, this.options.trieNodeRoot);
    const substitutionsNeverShorten = variants.every((variant) =>
      variant.changes.every((change) => change.substitution.length >= change.letter.length),
    );
    if (!substitutionsNeverShorten) return super.match(matchOptions);

    // Private in the type declarations; the stock matcher calls it the same way.
    const dictionaries = (this as unknown as { getRangedDictionaries(o: unknown): RangedDictionaries }).getRangedDictionaries(
      matchOptions.userInputsOptions,
    );
    const matches: L33tMatch[] = [];
    for (const variant of variants) {
      const { kept, coversWholePassword } = this.matchesWithSubstitutions(password, variant, dictionaries, matches);
      matches.push(...kept);
      // As the stock matcher: a variant matching the whole password ends the search.
      if (coversWholePassword) break;
    }
    // The stock matcher's last step: single characters ("4" for "a") are noise.
    return matches.filter((match) => match.token.length > 1);
  }

  /**
   * The variant's dictionary matches that contain a substitution, mapped back onto the typed
   * password, in the stock order (start, then end, then dictionary); and whether the variant
   * matched as a whole, which with substitutions never shorter than their letters is the only
   * way a match can span the whole typed password.
   */
  private matchesWithSubstitutions(
    password: string,
    variant: PasswordWithSubs,
    { rankedDictionaries, rankedDictionariesMaxWordSize }: RangedDictionaries,
    earlier: L33tMatch[],
  ): { kept: L33tMatch[]; coversWholePassword: boolean } {
    const variantLower = variant.password.toLowerCase();
    const length = variantLower.length;
    const dictionaryNames = Object.keys(rankedDictionaries);
    const widest = Math.max(0, ...Object.values(rankedDictionariesMaxWordSize));
    const changed = new Uint8Array(length);
    for (const change of variant.changes) changed.fill(1, change.i, change.i + change.letter.length);
    // For each position, the first changed position at or after it (length when none).
    const nextChange = new Int32Array(length + 1).fill(length);
    for (let k = length - 1; k >= 0; k--) nextChange[k] = changed[k] ? k : nextChange[k + 1]!;

    const kept: L33tMatch[] = [];
    let coversWholePassword = false;
    for (let i = 0; i < length; i++) {
      // Substrings starting at i hold a substitution from the first change on.
      for (let j = i === 0 ? Math.min(nextChange[i]!, length - 1) : nextChange[i]!; j < length; j++) {
        const isWholeVariant = i === 0 && j === length - 1;
        if (j - i + 1 > widest && !isWholeVariant) break;
        const holdsChange = nextChange[i]! <= j;
        const word = variantLower.slice(i, j + 1);
        for (const dictionaryName of dictionaryNames) {
          if (j - i + 1 > rankedDictionariesMaxWordSize[dictionaryName]! && !isWholeVariant) continue;
          const rank = rankedDictionaries[dictionaryName]![word];
          if (rank === undefined) continue;
          if (isWholeVariant) coversWholePassword = true;
          if (!holdsChange) continue;
          const match = this.mapped(password, variant, { i, j, word, rank, dictionaryName });
          if (match.token.toLowerCase() === word) continue;
          if (earlier.some((m) => sameMatch(m, match)) || kept.some((m) => sameMatch(m, match))) continue;
          kept.push(match);
        }
      }
    }
    return { kept, coversWholePassword };
  }

  /** A variant's match placed on the typed password, with the substitutions it used. */
  private mapped(
    password: string,
    variant: PasswordWithSubs,
    found: { i: number; j: number; word: string; rank: number; dictionaryName: string },
  ): L33tMatch {
    let i = found.i;
    let j = found.j;
    const subs: { letter: string; substitution: string }[] = [];
    const subDisplay: string[] = [];
    const seen = new Set<string>();
    for (const change of variant.changes) {
      const widening = change.substitution.length - change.letter.length;
      if (change.i < found.i) {
        i += widening;
        j += widening;
      } else if (change.i <= found.j) {
        j += widening;
        const key = `${change.letter}-${change.substitution}`;
        if (!seen.has(key)) {
          seen.add(key);
          subs.push({ letter: change.letter, substitution: change.substitution });
          subDisplay.push(`${change.substitution} -> ${change.letter}`);
        }
      }
    }
    return {
      pattern: 'dictionary',
      i,
      j,
      token: password.slice(i, j + 1),
      matchedWord: found.word,
      rank: found.rank,
      dictionaryName: found.dictionaryName,
      reversed: false,
      l33t: true,
      subs,
      subDisplay: subDisplay.join(', '),
    } as L33tMatch;
  }
}

function sameMatch(a: L33tMatch, b: L33tMatch): boolean {
  return a.i === b.i && a.j === b.j && a.dictionaryName === b.dictionaryName && a.matchedWord === b.matchedWord;
}

type Options = ConstructorParameters<typeof MatchL33t>[0];

/** Makes `factory` compute its estimates the faster way described above; its answers do not change. */
export function speedUpZxcvbn(factory: ZxcvbnFactory): void {
  const internals = factory as unknown as { options: Options; matching: { matchers: Record<string, unknown> }; scoring: Scoring };
  internals.matching.matchers.dictionaryL33t = new ChangeOnlyL33tMatcher(internals.options);
  // The word-sequence matcher ("onetwothree") looks words up only in word-sequence dictionaries
  // (numbers, months, planets…). Without any loaded it can find nothing, yet runs three dictionary
  // searches and the leetspeak readings to learn that: 7 % of a check.
  const options = internals.options as Options & { rankedDictionaries: object; isWordSequence(name: string): boolean };
  if (!Object.keys(options.rankedDictionaries).some((name) => options.isWordSequence(name))) {
    internals.matching.matchers.wordSequence = { match: () => [] };
  }
  const scoring = internals.scoring;
  const searchSequence = scoring.mostGuessableMatchSequence.bind(scoring);
  scoring.mostGuessableMatchSequence = (password, matches, excludeAdditive) =>
    searchSequence(
      password,
      matches.map((match) => estimateGuesses(internals.options, match, password)),
      excludeAdditive,
    );
}

type Estimated = ReturnType<typeof estimateGuesses>;
type Match = Parameters<typeof estimateGuesses>[1];
interface Matcher {
  match(options: { password: string; omniMatch: unknown; userInputsOptions: unknown }): Match[] | Promise<Match[]>;
  getRangedDictionaries(userInputsOptions: unknown): RangedDictionaries;
}
interface FactoryInternals {
  options: Options & {
    maxLength: number;
    useLevenshteinDistance: boolean;
    timeEstimationValues: { scoring: Record<number, number> };
    getUserInputsOptions(userInputs: string[]): unknown;
  };
  matching: { matchers: Record<string, Matcher> };
}

/**
 * The stock matchers' matches that start or end the password, in the stock order (by start,
 * then end; among equals, by matcher, then as each matcher emitted them). The plain and reversed
 * dictionary matchers look up only those substrings (2n instead of n²/2); the others run whole,
 * since their matches at the ends can rest on what they find inside (a repeat's base).
 */
function matchesAtEitherEnd(internals: FactoryInternals, password: string, userInputs: string[]): Match[] {
  const { options, matching } = internals;
  const last = password.length - 1;
  const userInputsOptions = options.getUserInputsOptions(userInputs);
  // Where the stock lookups index a lower-cased copy of a different length, or also try
  // near-misses of the whole password, the whole stock dictionary search runs.
  const lookUpEndsOnly = !options.useLevenshteinDistance && password.toLowerCase().length === password.length;
  const found: Match[] = [];
  for (const [name, matcher] of Object.entries(matching.matchers)) {
    let matches: Match[] | Promise<Match[]>;
    if (lookUpEndsOnly && name === 'dictionary') {
      matches = dictionaryMatchesAtEnds(password, matcher.getRangedDictionaries(userInputsOptions), false);
    } else if (lookUpEndsOnly && name === 'dictionaryReverse') {
      matches = dictionaryMatchesAtEnds(reversed(password), matcher.getRangedDictionaries(userInputsOptions), true);
    } else {
      matches = matcher.match({ password, omniMatch: matching, userInputsOptions });
    }
    if (!Array.isArray(matches)) throw new Error('the strength check needs synchronous matchers');
    for (const match of matches) if (match.i === 0 || match.j === last) found.push(match);
  }
  // The stock Matching's order; Array.prototype.sort is stable.
  return found.sort((a, b) => a.i - b.i || a.j - b.j);
}

function reversed(text: string): string {
  return text.split('').reverse().join('');
}

/**
 * What the stock dictionary matcher (or, given the reversed password, its reversing variant)
 * finds among the substrings at either end of `password`, placed as the stock one places them.
 */
function dictionaryMatchesAtEnds(
  password: string,
  { rankedDictionaries, rankedDictionariesMaxWordSize }: RangedDictionaries,
  isReversed: boolean,
): Match[] {
  const lower = password.toLowerCase();
  const length = password.length;
  const dictionaryNames = Object.keys(rankedDictionaries);
  const widest = Math.max(0, ...Object.values(rankedDictionariesMaxWordSize));
  const matches: Match[] = [];
  const lookUp = (i: number, j: number) => {
    const isWholePassword = i === 0 && j === length - 1;
    const word = lower.slice(i, j + 1);
    for (const dictionaryName of dictionaryNames) {
      if (j - i + 1 > rankedDictionariesMaxWordSize[dictionaryName]! && !isWholePassword) continue;
      const rank = rankedDictionaries[dictionaryName]![word];
      if (rank === undefined) continue;
      const token = password.slice(i, j + 1);
      matches.push({
        pattern: 'dictionary',
        i: isReversed ? length - 1 - j : i,
        j: isReversed ? length - 1 - i : j,
        token: isReversed ? reversed(token) : token,
        matchedWord: word,
        rank,
        dictionaryName,
        reversed: isReversed,
        l33t: false,
      } as Match);
    }
  };
  // The stock loops, by start then end, stopping at the widest dictionary word except for the
  // whole password; kept are the substrings from the first character and those to the last.
  for (let j = 0; j < length; j++) {
    if (j + 1 > widest && j !== length - 1) break;
    lookUp(0, j);
  }
  for (let i = 1; i < length; i++) if (length - i <= widest) lookUp(i, length - 1);
  return matches;
}

/**
 * Whether `factory.check(password, userInputs).score` would be below 2 ("very guessable": fewer
 * than a million guesses), answered without the full search for the most guessable sequence,
 * which is the dearest part of a check (45 % for a passphrase).
 *
 * Why it is exact: the stock search minimises, over sequences of l matches covering the
 * password, l! × (product of the matches' guesses) + 10,000^(l−1). Every sequence of three
 * matches or more is worth at least 10,000² = 10^8 guesses, above the 10^6 + 5 that score 2
 * starts at; so the score is below 2 exactly when a sequence of one or two matches is under it.
 * Those are found here the way the stock search finds them: the best single match (or
 * bruteforce run) of each prefix, kept first-come on ties, then every way of ending the password
 * with one more match, or with a bruteforce run after a prefix whose best reading is not itself
 * bruteforce (the stock search skips that pair, as a longer run always does better).
 * test/unit/zxcvbn-speedups.test.ts compares this answer with the stock score over its corpus.
 */
export function scoresBelowTwo(factory: ZxcvbnFactory, password: string, userInputs: string[]): boolean {
  const internals = factory as unknown as FactoryInternals;
  const { options } = internals;
  const belowTwo = options.timeEstimationValues.scoring[1]! + 5;
  if (MIN_GUESSES_BEFORE_GROWING_SEQUENCE ** 2 <= belowTwo) return factory.check(password, userInputs).score < 2;
  const reduced = password.substring(0, options.maxLength);
  const length = reduced.length;
  // The stock answer for an empty password: one guess.
  if (length === 0) return true;
  const matches = matchesAtEitherEnd(internals, reduced, userInputs).map((match) => estimateGuesses(options, match, reduced));
  const estimate = (i: number, j: number): Estimated =>
    estimateGuesses(
      options,
      { pattern: 'bruteforce', token: reduced.slice(i, j + 1), i, j } as Parameters<typeof estimateGuesses>[1],
      reduced,
    );

  // The best one-match reading of each prefix reduced[0..k], as the stock search keeps it:
  // matches from 0 in their sorted order, then the bruteforce run, a later one only if better,
  // compared as it compares them (guesses + 1, which ties at very large counts).
  const bestPrefix: Estimated[] = [];
  for (let k = 0; k < length; k++) {
    let best: Estimated | undefined;
    for (const match of matches)
      if (match.i === 0 && match.j === k && (!best || match.guesses! + 1 < best.guesses! + 1)) best = match;
    const run = estimate(0, k);
    if (!best || run.guesses! + 1 < best.guesses! + 1) best = run;
    bestPrefix.push(best);
  }
  let fewest = bestPrefix[length - 1]!.guesses! + 1;
  const pairedWith = (prefix: Estimated, last: Estimated) =>
    2 * (last.guesses! * prefix.guesses!) + MIN_GUESSES_BEFORE_GROWING_SEQUENCE;
  for (const match of matches) {
    if (match.j === length - 1 && match.i > 0) fewest = Math.min(fewest, pairedWith(bestPrefix[match.i - 1]!, match));
  }
  for (let i = 1; i < length; i++) {
    const prefix = bestPrefix[i - 1]!;
    if (prefix.pattern !== 'bruteforce') fewest = Math.min(fewest, pairedWith(prefix, estimate(i, length - 1)));
  }
  return fewest < belowTwo;
}
