// The X-Stack-Client-Version header the Stack SDKs send ("js @stackframe/stack@2.7.23"), read
// for the one answer that depends on it: the magic-link email of SDKs too old to take a code.

/** The last @stackframe/stack release whose sign-in screen had no field for an emailed code. */
const lastLinkOnlyStackRelease = [2, 5, 37] as const;

/**
 * True for @stackframe/stack 2.5.37 and older, whose users can only follow the link: their email
 * leaves the typed code out, as Stack's does. Anything else, unreadable included, gets the code.
 */
export function wantsLinkOnlyMagicLinkEmail(headers: Headers): boolean {
  const match = /^\w+\s+(@[\w/]+)@(\d+)\.(\d+)\.(\d+)$/.exec(headers.get('x-stack-client-version') ?? '');
  if (!match || match[1] !== '@stackframe/stack') return false;
  const version = [Number(match[2]), Number(match[3]), Number(match[4])];
  for (let i = 0; i < 3; i++) if (version[i] !== lastLinkOnlyStackRelease[i]) return version[i]! < lastLinkOnlyStackRelease[i]!;
  return true;
}
