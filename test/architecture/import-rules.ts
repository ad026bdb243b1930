// Reads the import graph of the repository and checks it against the architecture's rules: no
// import cycle inside server/, and the "nevers" of the layering (core above HTTP and CLI, routes
// and commands away from the database, the client away from the server, protocol a leaf).
// Kept apart from the test so the checker itself can be tested on small graphs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface ImportEdge {
  /** Repository-relative path of the imported file, or the package name for a bare import. */
  target: string;
  /** `import type` / `export type` / only `type` names: gone at run time, so no runtime cycle. */
  typeOnly: boolean;
}

/** Repository-relative file path → what it imports. */
export type ImportGraph = Map<string, ImportEdge[]>;

export interface ImportRef {
  specifier: string;
  typeOnly: boolean;
}

// Static imports and re-exports start a line; `import(...)` may sit anywhere. Matching from the
// line start keeps the words "import … from '…'" inside comments and strings out.
const staticImportPattern = /^[ \t]*(import|export)\b([^'";]*?)\bfrom\s*(['"])([^'"\n]+)\3/gm;
const sideEffectImportPattern = /^[ \t]*import\s*(['"])([^'"\n]+)\1/gm;
const dynamicImportPattern = /\bimport\(\s*(['"])([^'"\n]+)\1\s*\)/g;

function clauseIsTypeOnly(clause: string): boolean {
  const trimmed = clause.trim();
  if (/^type\b/.test(trimmed)) return true;
  const named = /^\{([\s\S]*)\}$/.exec(trimmed);
  if (!named) return false;
  const names = named[1]!.split(',').map((name) => name.trim()).filter(Boolean);
  return names.length > 0 && names.every((name) => /^type\s/.test(name));
}

export function scanImports(source: string): ImportRef[] {
  const refs: ImportRef[] = [];
  for (const match of source.matchAll(staticImportPattern)) {
    refs.push({ specifier: match[4]!, typeOnly: clauseIsTypeOnly(match[2]!) });
  }
  for (const match of source.matchAll(sideEffectImportPattern)) refs.push({ specifier: match[2]!, typeOnly: false });
  for (const match of source.matchAll(dynamicImportPattern)) refs.push({ specifier: match[2]!, typeOnly: false });
  return refs;
}

const sourceExtensions = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];

function resolveRelative(root: string, fromFile: string, specifier: string): string {
  const base = path.resolve(root, path.dirname(fromFile), specifier);
  for (const extension of sourceExtensions) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(root, candidate);
  }
  // Generated at build time (for example ui/styled-system); kept as a path so rules still apply.
  return path.relative(root, base);
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function listSourceFiles(root: string, folder: string, into: string[]): void {
  const absolute = path.join(root, folder);
  if (!existsSync(absolute)) return;
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'styled-system' || entry.name.startsWith('.')) continue;
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) listSourceFiles(root, relative, into);
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) into.push(relative);
  }
}

export function readImportGraph(root: string, folders: string[]): ImportGraph {
  const files: string[] = [];
  for (const folder of folders) listSourceFiles(root, folder, files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const edges = scanImports(readFileSync(path.join(root, file), 'utf8')).map(({ specifier, typeOnly }) => ({
      target: specifier.startsWith('.') ? resolveRelative(root, file, specifier) : packageName(specifier),
      typeOnly,
    }));
    graph.set(file, edges);
  }
  return graph;
}

export interface ImportCycle {
  /** Every file of the tangle (a strongly connected component of the graph). */
  files: string[];
  /** One concrete loop through it, the first file again at the end, for a reader to follow. */
  loop: string[];
}

/**
 * Every import cycle among the files `inScope` accepts, one per tangle of files that import each
 * other. Type-only imports count: they vanish at run time, but two files that need each other's
 * types still cannot be read, changed or moved one without the other.
 */
export function findImportCycles(graph: ImportGraph, inScope: (file: string) => boolean): ImportCycle[] {
  const next = (file: string) =>
    (graph.get(file) ?? []).filter((edge) => inScope(edge.target) && graph.has(edge.target)).map((edge) => edge.target);
  // Tarjan's strongly connected components, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of [...graph.keys()].filter(inScope).sort()) {
    if (index.has(start)) continue;
    const work: { file: string; targets: string[]; position: number }[] = [];
    const enter = (file: string) => {
      index.set(file, counter);
      lowLink.set(file, counter);
      counter++;
      stack.push(file);
      onStack.add(file);
      work.push({ file, targets: next(file), position: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.position < frame.targets.length) {
        const target = frame.targets[frame.position++]!;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) lowLink.set(frame.file, Math.min(lowLink.get(frame.file)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink.set(parent.file, Math.min(lowLink.get(parent.file)!, lowLink.get(frame.file)!));
      if (lowLink.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      const selfImport = next(frame.file).includes(frame.file);
      if (component.length > 1 || selfImport) components.push(component);
    }
  }
  return components.map((component) => ({ files: component.sort(), loop: loopThrough(component, next) }));
}

/** One concrete loop through a strongly connected component: a path from its first file back to it. */
function loopThrough(component: string[], next: (file: string) => string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of next(file)) {
      if (!members.has(target)) continue;
      if (target === start) {
        const loop = [file];
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0]!)!);
        return [...loop, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [...component, component[0]!];
}

export interface ImportRule {
  /** What the rule keeps apart, shown when it is broken. */
  name: string;
  /** The importing files the rule applies to. */
  appliesTo: (file: string) => boolean;
  /** The imports those files may not make (type-only imports count too). */
  forbids: (target: string) => boolean;
}

export interface RuleBreak {
  rule: string;
  file: string;
  target: string;
}

export function findRuleBreaks(graph: ImportGraph, rules: ImportRule[]): RuleBreak[] {
  const breaks: RuleBreak[] = [];
  for (const [file, edges] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    for (const rule of rules) {
      if (!rule.appliesTo(file)) continue;
      for (const edge of edges) if (rule.forbids(edge.target)) breaks.push({ rule: rule.name, file, target: edge.target });
    }
  }
  return breaks;
}

const under = (folder: string) => (file: string) => file === folder || file.startsWith(`${folder}/`);
const anyOf =
  (...tests: ((file: string) => boolean)[]) =>
  (file: string) =>
    tests.some((test) => test(file));

/**
 * The floors of server/core, bottom to top (docs/architecture.md, "Floors of core"). A file may
 * import its own floor and any floor below, never one above: calls run one way, down. Type-only
 * imports count too, as in every rule here: a type from a higher floor ties the lower one to it.
 */
export const coreFloors = [
  'storage',
  'audit',
  'credentials',
  'projects',
  'email',
  'webhooks',
  'users',
  'teams',
  'accounts',
  'transfers',
  'auth',
  'oidc',
  'certificates',
  'operations',
] as const;

/** The core floor a repository path lies on, or null outside server/core's floors. */
export function coreFloorOf(file: string): string | null {
  const match = /^server\/core\/([^/]+)\//.exec(file);
  return match && (coreFloors as readonly string[]).includes(match[1]!) ? match[1]! : null;
}

/** One rule per floor: it imports nothing of the floors above it. */
function floorRules(): ImportRule[] {
  return coreFloors.map((floor, level) => {
    const above = coreFloors.slice(level + 1);
    return {
      name: `core floors run downward: ${floor}/ imports no floor above it`,
      appliesTo: under(`server/core/${floor}`),
      forbids: (target: string) => above.some((higher) => under(`server/core/${higher}`)(target)),
    };
  });
}

/** The layering authd keeps (docs/architecture.md). */
export const architectureRules: ImportRule[] = [
  ...floorRules(),
  {
    name: 'core never imports HTTP, CLI or terminal-UI code',
    appliesTo: under('server/core'),
    forbids: anyOf(under('server/http'), under('cmd')),
  },
  {
    name: 'routes and CLI commands call core, never db/ or drizzle',
    appliesTo: anyOf(under('server/http'), under('cmd')),
    forbids: anyOf(under('db'), under('drizzle-orm')),
  },
  {
    name: 'providers are thin adapters and never touch the database',
    appliesTo: under('server/providers'),
    forbids: anyOf(under('db'), under('drizzle-orm')),
  },
  {
    name: 'providers are called by core and never call it back',
    appliesTo: under('server/providers'),
    forbids: anyOf(under('server/core'), under('server/http'), under('cmd')),
  },
  {
    name: 'ui imports nothing of server/ but server/protocol',
    appliesTo: under('ui'),
    forbids: (target) => under('server')(target) && !under('server/protocol')(target),
  },
  {
    name: 'protocol is a leaf: it imports nothing of server/, cmd/, db/ or ui/',
    appliesTo: under('server/protocol'),
    forbids: (target) => anyOf(under('server'), under('cmd'), under('db'), under('ui'))(target) && !under('server/protocol')(target),
  },
];

export function describeCycle({ files, loop }: ImportCycle): string {
  return `${files.length} files import each other: ${files.join(', ')}\n  for example ${loop.join('\n    → ')}`;
}

export function describeRuleBreak({ rule, file, target }: RuleBreak): string {
  return `${rule}: ${file} imports ${target}`;
}
