// One class per known-error code, for apps that test errors with `instanceof`: families (e.g.
// VERIFICATION_ERROR) are superclasses. Loading this module makes errors read off the wire
// instances of these classes (errors.ts builds plain KnownAuthErrors until then).
import type { ConcreteKnownErrorCode, KnownErrorCode } from '../../server/protocol/known-errors';
import { buildWireErrorsWith, KnownAuthError } from './errors';
import { knownErrorTable } from './known-errors.generated';

/** The class of one code; for a family, its instances carry the concrete code of the member. */
export type KnownErrorClass<C extends KnownErrorCode> = (new (
  code: ConcreteKnownErrorCode,
  message: string,
  details?: Record<string, unknown>,
  status?: number,
) => KnownAuthError & { readonly code: C extends ConcreteKnownErrorCode ? C : ConcreteKnownErrorCode }) & {
  prototype: KnownAuthError & { readonly code: C extends ConcreteKnownErrorCode ? C : ConcreteKnownErrorCode };
};

/** The root class: a code's HTTP status unless one is given (as it is for an error off the wire). */
class TabledKnownError extends KnownAuthError {
  constructor(code: ConcreteKnownErrorCode, message: string, details?: Record<string, unknown>, status?: number) {
    super(code, message, details, status ?? knownErrorTable[code][0]);
  }
}

function buildKnownErrorClasses(): { [C in KnownErrorCode]: KnownErrorClass<C> } {
  const classes: Partial<Record<KnownErrorCode, typeof TabledKnownError>> = {};
  const classFor = (code: KnownErrorCode): typeof TabledKnownError => {
    const existing = classes[code];
    if (existing) return existing;
    const nearestParent = knownErrorTable[code][1];
    const Parent = nearestParent ? classFor(nearestParent) : TabledKnownError;
    // A computed key names the class after its code, which shows up in stack traces and consoles.
    const made = { [code]: class extends Parent {} }[code]!;
    classes[code] = made;
    return made;
  };
  for (const code of Object.keys(knownErrorTable) as KnownErrorCode[]) classFor(code);
  return classes as unknown as { [C in KnownErrorCode]: KnownErrorClass<C> };
}

/**
 * One class per known-error code: `error instanceof KnownErrors.EMAIL_PASSWORD_MISMATCH`, and for
 * families `error instanceof KnownErrors.VERIFICATION_ERROR` matches every verification error.
 */
export const KnownErrors = buildKnownErrorClasses();

function isKnownErrorCode(code: string): code is KnownErrorCode {
  // Own keys only, so that names like "toString" from the prototype are not mistaken for codes.
  return Object.hasOwn(knownErrorTable, code);
}

// From now on an error off the wire is its code's class, and a code this library does not know
// (a newer server's, or an abstract family's) is UNSUPPORTED_ERROR carrying the code it had.
buildWireErrorsWith((code, message, details, status) => {
  if (!isKnownErrorCode(code) || knownErrorTable[code][0] === 0) {
    return new KnownErrors.UNSUPPORTED_ERROR('UNSUPPORTED_ERROR', message, { originalErrorCode: code, ...details }, status);
  }
  const concreteCode = code as ConcreteKnownErrorCode;
  return new KnownErrors[concreteCode](concreteCode, message, details, status);
});
