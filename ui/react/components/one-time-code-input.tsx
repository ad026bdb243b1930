// The one-time-code input: digits only by default (or letters and
// digits, for the six-character code of a magic-link email), cut to its length, and a completion
// call once it is full. One text input rather than one box per character: a pasted code, the
// browser's and the phone's `one-time-code` autofill and a screen reader all see one field, and
// it costs no extra script (Ark UI's PinInput weighs more than this screen's budget allows).
import { useId, useRef } from 'react';
import { errorTextClass, fieldClass, labelClass } from './styles';
import { oneTimeCodeInputClass } from './one-time-code-styles';
import { focusWhenMounted } from '../focus-moves';

export type OneTimeCodeCharacters = 'digits' | 'alphanumeric';

/** The longest code the input takes, as for the generator's digits. */
export const maximumOneTimeCodeLength = 8;
export const oneTimeCodeTooLongMessage = 'Digits must be 8 or smaller';

/** Refuses a length the input cannot take: more than 8, or not a positive whole number. */
export function checkOneTimeCodeLength(length: number): number {
  if (length > maximumOneTimeCodeLength) throw new RangeError(oneTimeCodeTooLongMessage);
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`A one-time code needs a length of 1 to 8, got ${length}`);
  return length;
}

/**
 * What the input keeps of typed or pasted text: only the allowed characters (spaces and dashes
 * of a copied "ABC-123" go), letters upper-cased, cut to `length`.
 */
export function normalizeOneTimeCode(raw: string, length: number, characters: OneTimeCodeCharacters = 'digits'): string {
  const allowed = characters === 'digits' ? /\d/g : /[0-9a-z]/gi;
  return (raw.match(allowed) ?? []).join('').toUpperCase().slice(0, checkOneTimeCodeLength(length));
}

export interface OneTimeCodeInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Called with the code when the last character is typed or a full code is pasted. */
  onComplete?(code: string): void;
  /** How many characters the code has; 6 by default, at most 8. */
  length?: number;
  characters?: OneTimeCodeCharacters;
  name?: string;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

export function OneTimeCodeInput(props: OneTimeCodeInputProps) {
  const length = checkOneTimeCodeLength(props.length ?? 6);
  const characters = props.characters ?? 'digits';
  const id = useId();
  const errorId = `${id}-error`;
  // The completion call fires once per full code, not again on a re-render with the same value.
  const completedCode = useRef<string | null>(null);

  return (
    <div className={fieldClass}>
      <label className={labelClass} htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className={oneTimeCodeInputClass}
        name={props.name ?? 'code'}
        value={props.value}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        ref={props.autoFocus ? focusWhenMounted : undefined}
        autoComplete="one-time-code"
        inputMode={characters === 'digits' ? 'numeric' : 'text'}
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        // Room for a pasted code with separators; the value is cut to `length` below.
        maxLength={length * 2}
        pattern={characters === 'digits' ? `\\d{${length}}` : `[0-9A-Za-z]{${length}}`}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => {
          const code = normalizeOneTimeCode(event.currentTarget.value, length, characters);
          props.onChange(code);
          if (code.length < length) completedCode.current = null;
          else if (completedCode.current !== code) {
            completedCode.current = code;
            props.onComplete?.(code);
          }
        }}
      />
      {props.error && (
        <span id={errorId} className={errorTextClass}>
          {props.error}
        </span>
      )}
    </div>
  );
}
