// The architecture held by a test: no import cycle inside server/, the layering's "nevers" and
// the floors of core, imported only downward (docs/architecture.md). The checker is tested on small graphs too, so a green run means the
// rules hold, not that the checker sees nothing.
import { describe, expect, test } from 'bun:test';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import {
  architectureRules,
  coreFloorOf,
  coreFloors,
  describeCycle,
  describeRuleBreak,
  findImportCycles,
  findRuleBreaks,
  readImportGraph,
  scanImports,
  type ImportGraph,
} from './import-rules';

const repositoryRoot = path.resolve(import.meta.dir, '../..');
const inServer = (file: string) => file.startsWith('server/');

describe('the repository', () => {
  const graph = readImportGraph(repositoryRoot, ['server', 'cmd', 'ui', 'db']);

  test('the import graph is read (files and their imports are found)', () => {
    expect(graph.size).toBeGreaterThan(150);
    const apiRoutes = graph.get('server/http/api-routes.ts') ?? [];
    const apiApp = graph.get('server/http/api-app.ts') ?? [];
    expect(apiRoutes.some((edge) => edge.target.startsWith('server/http/routes/'))).toBe(true);
    expect(apiApp.some((edge) => edge.target === 'elysia')).toBe(true);
  });

  test('no import cycle inside server/', () => {
    expect(findImportCycles(graph, inServer).map(describeCycle)).toEqual([]);
  });

  test('no import breaks the layering', () => {
    expect(findRuleBreaks(graph, architectureRules).map(describeRuleBreak)).toEqual([]);
  });

  test('every folder of server/core stands on a floor, and every floor is a folder', () => {
    const folders = readdirSync(path.join(repositoryRoot, 'server/core'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...coreFloors].sort());
    const coreFiles = [...graph.keys()].filter((file) => file.startsWith('server/core/'));
    expect(coreFiles.filter((file) => coreFloorOf(file) === null)).toEqual([]);
  });

  test('the floors are in use: each floor but the bottom imports the one below it or another lower one', () => {
    const importsBelow = (floor: string) =>
      [...graph].some(
        ([file, edges]) =>
          coreFloorOf(file) === floor &&
          edges.some((edge) => {
            const target = coreFloorOf(edge.target);
            return target !== null && coreFloors.indexOf(target as never) < coreFloors.indexOf(floor as never);
          }),
      );
    expect(coreFloors.slice(1).filter((floor) => !importsBelow(floor))).toEqual([]);
  });
});

/** A graph from `file: target target …`, a leading `type:` marking a type-only import. */
function graphOf(lines: Record<string, string[]>): ImportGraph {
  return new Map(
    Object.entries(lines).map(([file, targets]) => [
      file,
      targets.map((target) =>
        target.startsWith('type:') ? { target: target.slice(5), typeOnly: true } : { target, typeOnly: false },
      ),
    ]),
  );
}

describe('the cycle finder', () => {
  test('finds a three-file cycle and names a loop through it', () => {
    const graph = graphOf({
      'server/a.ts': ['server/b.ts', 'server/leaf.ts'],
      'server/b.ts': ['server/c.ts'],
      'server/c.ts': ['server/a.ts'],
      'server/leaf.ts': [],
    });
    const cycles = findImportCycles(graph, inServer);
    expect(cycles).toEqual([
      { files: ['server/a.ts', 'server/b.ts', 'server/c.ts'], loop: ['server/a.ts', 'server/b.ts', 'server/c.ts', 'server/a.ts'] },
    ]);
    expect(describeCycle(cycles[0]!)).toContain('server/a.ts\n    → server/b.ts\n    → server/c.ts\n    → server/a.ts');
  });

  test('finds two separate cycles and a file importing itself', () => {
    const graph = graphOf({
      'server/a.ts': ['server/b.ts'],
      'server/b.ts': ['server/a.ts', 'server/c.ts'],
      'server/c.ts': ['server/d.ts'],
      'server/d.ts': ['server/c.ts'],
      'server/self.ts': ['server/self.ts'],
    });
    const found = findImportCycles(graph, inServer).map((cycle) => cycle.files);
    expect(found.sort()).toEqual([['server/a.ts', 'server/b.ts'], ['server/c.ts', 'server/d.ts'], ['server/self.ts']]);
  });

  test('files outside the scope do not make a cycle', () => {
    const graph = graphOf({
      'server/a.ts': ['server/b.ts'],
      'server/b.ts': ['cmd/x.ts'],
      'cmd/x.ts': ['server/a.ts'],
    });
    expect(findImportCycles(graph, inServer)).toEqual([]);
  });

  test('a type-only import closes a cycle too', () => {
    const graph = graphOf({ 'server/a.ts': ['server/b.ts'], 'server/b.ts': ['type:server/a.ts'] });
    expect(findImportCycles(graph, inServer).map((cycle) => cycle.files)).toEqual([['server/a.ts', 'server/b.ts']]);
  });

  test('a long chain without a loop is no cycle', () => {
    const chain: Record<string, string[]> = {};
    for (let i = 0; i < 5000; i++) chain[`server/f${i}.ts`] = i + 1 < 5000 ? [`server/f${i + 1}.ts`] : [];
    expect(findImportCycles(graphOf(chain), inServer)).toEqual([]);
  });
});

describe('the layering rules', () => {
  // One forbidden and one allowed import per rule, so each rule is shown to bite and to let pass.
  const cases: { file: string; target: string; broken: string | null }[] = [
    { file: 'server/core/users/users.ts', target: 'server/http/api-app.ts', broken: 'core never imports HTTP, CLI or terminal-UI code' },
    { file: 'server/core/users/users.ts', target: 'cmd/tui/app.tsx', broken: 'core never imports HTTP, CLI or terminal-UI code' },
    { file: 'server/core/users/users.ts', target: 'db/schema.ts', broken: null },
    { file: 'server/http/routes/users.ts', target: 'drizzle-orm', broken: 'routes and CLI commands call core, never db/ or drizzle' },
    { file: 'cmd/commands/users.ts', target: 'db/schema.ts', broken: 'routes and CLI commands call core, never db/ or drizzle' },
    { file: 'cmd/commands/users.ts', target: 'server/core/users/users.ts', broken: null },
    { file: 'server/providers/github.ts', target: 'db/connection.ts', broken: 'providers are thin adapters and never touch the database' },
    { file: 'server/providers/github.ts', target: 'server/providers/provider-definition.ts', broken: null },
    { file: 'server/providers/github.ts', target: 'server/core/auth/sessions.ts', broken: 'providers are called by core and never call it back' },
    { file: 'server/providers/github.ts', target: 'server/core/storage/context.ts', broken: 'providers are called by core and never call it back' },
    { file: 'server/core/storage/user-queries.ts', target: 'server/core/users/users.ts', broken: 'core floors run downward: storage/ imports no floor above it' },
    { file: 'server/core/storage/user-queries.ts', target: 'server/core/storage/context.ts', broken: null },
    { file: 'ui/react/index.ts', target: 'server/core/projects/hosted-screens.ts', broken: 'ui imports nothing of server/ but server/protocol' },
    { file: 'ui/react/index.ts', target: 'server/protocol/known-errors.ts', broken: null },
    { file: 'server/protocol/user-schemas.ts', target: 'server/core/storage/context.ts', broken: 'protocol is a leaf: it imports nothing of server/, cmd/, db/ or ui/' },
    { file: 'server/protocol/user-schemas.ts', target: 'ui/client/index.ts', broken: 'protocol is a leaf: it imports nothing of server/, cmd/, db/ or ui/' },
    { file: 'server/protocol/user-schemas.ts', target: 'server/protocol/team-schemas.ts', broken: null },
  ];
  for (const { file, target, broken } of cases) {
    test(`${file} → ${target}: ${broken ?? 'allowed'}`, () => {
      const breaks = findRuleBreaks(graphOf({ [file]: [target] }), architectureRules);
      expect(breaks.map(describeRuleBreak)).toEqual(broken ? [`${broken}: ${file} imports ${target}`] : []);
    });
  }

  test('type-only imports count: a type is still a dependency on the layer', () => {
    const breaks = findRuleBreaks(graphOf({ 'ui/hosted/main.tsx': ['type:server/core/projects/hosted-screens.ts'] }), architectureRules);
    expect(breaks).toHaveLength(1);
  });
});

describe('the floors of core', () => {
  const fileOn = (floor: string) => `server/core/${floor}/some-rule.ts`;
  const breaksOf = (file: string, target: string) => findRuleBreaks(graphOf({ [file]: [target] }), architectureRules).map(describeRuleBreak);

  // A misplaced import into each floor: from the floor just below it, and from the bottom.
  for (const [level, floor] of coreFloors.entries()) {
    if (level === 0) continue;
    const below = coreFloors[level - 1]!;
    test(`${below}/ → ${floor}/ is an upward import and fails`, () => {
      expect(breaksOf(fileOn(below), fileOn(floor))).toEqual([
        `core floors run downward: ${below}/ imports no floor above it: ${fileOn(below)} imports ${fileOn(floor)}`,
      ]);
      expect(breaksOf(fileOn('storage'), fileOn(floor))).toHaveLength(1);
    });
    test(`${floor}/ → ${below}/ and ${floor}/ → ${floor}/ run downward or level and pass`, () => {
      expect(breaksOf(fileOn(floor), fileOn(below))).toEqual([]);
      expect(breaksOf(fileOn(floor), fileOn('storage'))).toEqual([]);
      expect(breaksOf(fileOn(floor), `server/core/${floor}/other-rule.ts`)).toEqual([]);
    });
  }

  test('a type-only upward import fails too', () => {
    const graph = graphOf({ 'server/core/users/user-views.ts': ['type:server/core/auth/sessions.ts'] });
    expect(findRuleBreaks(graph, architectureRules).map(describeRuleBreak)).toEqual([
      'core floors run downward: users/ imports no floor above it: server/core/users/user-views.ts imports server/core/auth/sessions.ts',
    ]);
  });

  test('the suggested order holds: users and teams below accounts, accounts below auth, storage at the bottom', () => {
    const level = (floor: string) => coreFloors.indexOf(floor as never);
    expect(level('storage')).toBe(0);
    expect(level('users')).toBeLessThan(level('teams'));
    expect(level('teams')).toBeLessThan(level('accounts'));
    expect(level('accounts')).toBeLessThan(level('auth'));
    expect(level('credentials')).toBeLessThan(level('projects'));
  });

  test('a folder that is no floor is named by coreFloorOf as none', () => {
    expect(coreFloorOf('server/core/misc/x.ts')).toBeNull();
    expect(coreFloorOf('server/http/api-app.ts')).toBeNull();
    expect(coreFloorOf('server/core/teams/teams.ts')).toBe('teams');
  });
});

describe('reading imports from source', () => {
  const cases: { name: string; source: string; expected: { specifier: string; typeOnly: boolean }[] }[] = [
    { name: 'a named import', source: `import { a } from './a';`, expected: [{ specifier: './a', typeOnly: false }] },
    { name: 'import type', source: `import type { A } from "./a";`, expected: [{ specifier: './a', typeOnly: true }] },
    { name: 'only type names', source: `import { type A, type B } from './a';`, expected: [{ specifier: './a', typeOnly: true }] },
    { name: 'a type and a value', source: `import { type A, b } from './a';`, expected: [{ specifier: './a', typeOnly: false }] },
    {
      name: 'across lines',
      source: `import {\n  a,\n  b,\n} from '../x/a';`,
      expected: [{ specifier: '../x/a', typeOnly: false }],
    },
    { name: 'a default and a namespace', source: `import d from 'elysia';\nimport * as v from 'valibot';`, expected: [{ specifier: 'elysia', typeOnly: false }, { specifier: 'valibot', typeOnly: false }] },
    { name: 'a re-export', source: `export { a } from './a';\nexport type { B } from './b';`, expected: [{ specifier: './a', typeOnly: false }, { specifier: './b', typeOnly: true }] },
    { name: 'a side-effect import', source: `import './setup';`, expected: [{ specifier: './setup', typeOnly: false }] },
    { name: 'a dynamic import', source: `const m = await import('./lazy');`, expected: [{ specifier: './lazy', typeOnly: false }] },
    { name: 'commented out', source: `// import { a } from './a';\n/*\n * import b from './b';\n */`, expected: [] },
    { name: 'a word in code', source: `export const from = 'x';\nconst a = Array.from('abc');`, expected: [] },
  ];
  for (const { name, source, expected } of cases) {
    test(name, () => {
      expect(scanImports(source)).toEqual(expected);
    });
  }
});
