// Comments carry their reason in themselves: none points at a document outside the repository
// (the product spec, the wire notes, the design notes, an issue), which a reader of the code
// cannot open. Public standards (RFC 6238 §5.2, NIST SP 800-63B) are fine: anyone can read them.
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dir, '../..');
const thisFile = path.relative(root, import.meta.path);

// A section sign not preceded by a public standard's name, or an outside document by name.
const outsideReference =
  /(?<!(?:RFC \d+|SP 800-63B|ISO \d+)\s?)§|\b(?:wire|product-spec|design|stack-notes)\.md\b|\bproduct[- ]spec\b|\bthe spec(?:'s)?\b|\bstack-notes\b|\bissue #?\d+\b/i;

export function findOutsideReferences(source: string): string[] {
  return source.split('\n').filter((line) => outsideReference.test(line));
}

function sourceFiles(): string[] {
  const files: string[] = [];
  for (const folder of ['server', 'cmd', 'db', 'ui', 'scripts', 'bench', 'test']) {
    for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx)$/.test(entry.name)) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name));
      if (file.includes('node_modules') || file.startsWith('ui/styled-system') || file === thisFile) continue;
      files.push(file);
    }
  }
  return files;
}

describe('references in comments', () => {
  test('no source file cites a document outside the repository', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      findOutsideReferences(readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  const cases: { line: string; cites: boolean }[] = [
    { line: '// Stack ignores this (wire §5.4).', cites: true },
    { line: '/** The defaults of spec §5. */', cites: true },
    { line: '// See wire.md for the order.', cites: true },
    { line: '// As the issue 14 asks.', cites: true },
    { line: "// The spec's default unit.", cites: true },
    { line: '// A replayed code is refused (RFC 6238 §5.2).', cites: false },
    { line: '// Stack answers 400 here, so the SDK shows the message.', cites: false },
  ];
  for (const { line, cites } of cases) {
    test(`${cites ? 'caught' : 'allowed'}: ${line}`, () => {
      expect(findOutsideReferences(line)).toEqual(cites ? [line] : []);
    });
  }
});
