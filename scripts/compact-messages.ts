// The hosted screens' message files without their keys. In the catalogue a message is found by a
// key such as 'leave.title', which then travels twice: in the script that asks for it and in the
// JSON that answers. The hosted build writes each key the script asks for as its position in
// its catalogue instead (this plugin), and each JSON file as the messages in that order: about a
// third off every message file, and a little off the scripts. Keys looked up by a name made at
// run time (`error.${code}`) and the few without a dot stay named, in an object at the file's head. The npm package keeps the catalogue modules as they are.
import type { BunPlugin } from 'bun';
import { readFileSync } from 'node:fs';
import type { Catalogue } from '../server/protocol/messages/message-format';
import { bundledMessages } from '../ui/react/i18n/bundled-messages';
import { messageAreas, type MessageArea } from '../ui/react/i18n/messages-source';

/** Keys whose names the screens build at run time from an error code. */
const keysLookedUpByName = /^error\./;

/** A dotted key as a string literal in the source ('teams.leave' or "teams.leave"). */
const keyLiteral = /(['"])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;

export interface CompactMessages {
  /** Rewrites each positional key literal in ui/ and server/protocol/ sources to its position. */
  plugin: BunPlugin;
  /** One locale's messages of a catalogue as the file the hosted screens fetch: `[named, ...by position]`. */
  compact(area: MessageArea, messages: Catalogue<string>): unknown[];
}

export async function compactMessages(): Promise<CompactMessages> {
  const english = new Map<MessageArea, string[]>();
  const areasOfKey = new Map<string, number>();
  for (const area of messageAreas) {
    const keys = Object.keys(await bundledMessages(area, 'en'));
    english.set(area, keys);
    for (const key of keys) areasOfKey.set(key, (areasOfKey.get(key) ?? 0) + 1);
  }
  // A key in two catalogues would have two positions, and a literal cannot say which it means.
  const positional = (key: string) => key.includes('.') && !keysLookedUpByName.test(key) && areasOfKey.get(key) === 1;
  const positionOf = new Map<string, number>();
  const positionalKeys = new Map<MessageArea, string[]>();
  for (const [area, keys] of english) {
    const inOrder = keys.filter(positional);
    positionalKeys.set(area, inOrder);
    inOrder.forEach((key, index) => positionOf.set(key, index));
  }

  const plugin: BunPlugin = {
    name: 'compact-message-keys',
    setup(build) {
      // The catalogues' own sources are not bundled into the screens; every other module is.
      build.onLoad({ filter: /[\\/](ui|server[\\/]protocol)[\\/](?!.*[\\/]messages[\\/]).*\.tsx?$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const contents = source.replace(keyLiteral, (literal, _quote: string, key: string, offset: number) => {
          const position = positionOf.get(key);
          if (position === undefined) return literal;
          // A JSX attribute ("=" right before the quote) would need braces: no key is written there.
          if (source[offset - 1] === '=') throw new Error(`${args.path}: the message key ${literal} is a JSX attribute value`);
          return String(position);
        });
        return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };

  return {
    plugin,
    compact(area, messages) {
      const named = Object.fromEntries(Object.entries(messages).filter(([key]) => !positionOf.has(key)));
      return [named, ...positionalKeys.get(area)!.map((key) => messages[key])];
    },
  };
}
