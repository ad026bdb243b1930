// Two changes to how zxcvbn-ts computes its strength estimate, each giving exactly the stock
// estimate (test/unit/zxcvbn-speedups.test.ts compares score, guesses, match sequence and
// feedback with the stock estimator's over a corpus). They matter because the estimate is the
// dearest step of a sign-up after the hash, and runs on the server's one JavaScript thread.
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
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
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
  const scoring = internals.scoring;
  const searchSequence = scoring.mostGuessableMatchSequence.bind(scoring);
  scoring.mostGuessableMatchSequence = (password, matches, excludeAdditive) =>
    searchSequence(
      password,
      matches.map((match) => estimateGuesses(internals.options, match, password)),
      excludeAdditive,
    );
}
