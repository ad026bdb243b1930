// A static call graph from each /api/v1 route handler into the code it reaches, read from the
// TypeScript sources: which known errors a route can raise (every `knownError('CODE')`, and every
// code passed on to a function that raises it, in anything the handler's calls lead to) and the
// access level its handler asks for (`requireAccess(auth, 'level')`). The OpenAPI document lists
// the first through route-errors.generated.ts (written by scripts/generate-route-errors.ts), and
// test/api/route-metadata.test.ts checks that file is fresh and the second agrees with the route
// catalogue. Authentication errors (requireAccess's) are not collected: the document adds them
// by access level.
//
// It over-approximates on purpose: a function that is referenced counts as called, and every
// branch counts as taken, so a listed error is one the code *can* raise on some path. What it
// cannot see: calls through values it cannot resolve (a callback stored in the context).
import path from 'node:path';
import { ts } from 'ts-morph';
import { knownErrorCatalogue, type KnownErrorCode } from '../server/protocol/known-errors';

export const repositoryRoot = path.resolve(import.meta.dir, '..');
const serverRoot = path.join(repositoryRoot, 'server') + path.sep;
const routesFolder = path.join(serverRoot, 'http', 'routes') + path.sep;
// The catalogue names every code; following it would make every route raise everything.
const catalogueFile = path.join(serverRoot, 'protocol', 'known-errors.ts');

const httpMethods = new Set(['get', 'post', 'put', 'patch', 'delete']);

export interface RouteFacts {
  /** `METHOD /path` as route-catalogue.ts names it. */
  key: string;
  /** Where the handler is, for messages. */
  place: string;
  /** Concrete known-error codes, sorted. */
  errors: KnownErrorCode[];
  /** The levels the handler and what it calls pass to requireAccess, sorted (empty: it never asks). */
  access: string[];
}

function isConcreteCode(text: string): text is KnownErrorCode {
  const entry = (knownErrorCatalogue as Record<string, { abstract: boolean } | undefined>)[text];
  return entry !== undefined && !entry.abstract;
}

/**
 * A literal that only compares or names a type is not one that is raised, nor is the name of a
 * plain-text error (some share a known error's name: PROJECT_NOT_FOUND).
 */
function isNotRaised(node: ts.Node): boolean {
  const call = node.parent;
  if (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'plainTextError') return true;
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const parent = at.parent;
    if (ts.isTypeNode(parent) || ts.isCaseClause(parent)) return true;
    if (ts.isBinaryExpression(parent)) {
      const operator = parent.operatorToken.kind;
      if (
        operator === ts.SyntaxKind.EqualsEqualsEqualsToken ||
        operator === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        operator === ts.SyntaxKind.EqualsEqualsToken ||
        operator === ts.SyntaxKind.ExclamationEqualsToken
      )
        return true;
    }
    if (ts.isStatement(parent) || ts.isFunctionLike(parent)) return false;
  }
  return false;
}

export function analyseRoutes(): RouteFacts[] {
  const { options } = ts.parseJsonConfigFileContent(
    ts.readConfigFile(path.join(repositoryRoot, 'tsconfig.json'), ts.sys.readFile).config,
    ts.sys,
    repositoryRoot,
  );
  const program = ts.createProgram([path.join(serverRoot, 'http', 'api-routes.ts')], { ...options, noEmit: true });
  const checker = program.getTypeChecker();

  /** The declarations an identifier stands for, through imports. */
  const declarationsOf = (node: ts.Node): ts.Declaration[] => {
    let symbol = checker.getSymbolAtLocation(node);
    if (!symbol) return [];
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return (symbol.declarations ?? []).filter((declaration) => {
      const file = declaration.getSourceFile().fileName;
      return file.startsWith(serverRoot.split(path.sep).join('/')) || path.resolve(file).startsWith(serverRoot);
    });
  };

  /** One piece of code (a function body, an initializer): what it raises itself and what it references. */
  interface Piece {
    errors: Set<KnownErrorCode>;
    access: Set<string>;
    /** The pieces it references. */
    edges: ts.Node[];
  }
  const pieces = new Map<ts.Node, Piece>();
  const slash = (file: string) => file.split(path.sep).join('/');

  const pieceOf = (root: ts.Node): Piece => {
    const known = pieces.get(root);
    if (known) return known;
    const piece: Piece = { errors: new Set(), access: new Set(), edges: [] };
    pieces.set(root, piece);
    const visit = (node: ts.Node): void => {
      if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
      if (ts.isStringLiteralLike(node) && isConcreteCode(node.text) && !isNotRaised(node)) piece.errors.add(node.text);
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'requireAccess' &&
        node.arguments[1] &&
        ts.isStringLiteralLike(node.arguments[1])
      )
        piece.access.add(node.arguments[1].text);
      if (ts.isIdentifier(node)) {
        for (const declaration of declarationsOf(node)) {
          const file = slash(declaration.getSourceFile().fileName);
          if (file === slash(catalogueFile)) continue;
          // Its errors are the authentication ones the document adds by access level.
          if (ts.isFunctionDeclaration(declaration) && declaration.name?.text === 'requireAccess') continue;
          const body = followable(declaration);
          if (!body || body === root) continue;
          piece.edges.push(body);
        }
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(root, visit);
    for (const edge of piece.edges) pieceOf(edge);
    return piece;
  };

  /** Everything reachable from a handler. */
  const closure = (handler: ts.Node) => {
    const errors = new Set<KnownErrorCode>();
    const access = new Set<string>();
    const seen = new Set<ts.Node>();
    const walk = (node: ts.Node) => {
      if (seen.has(node)) return;
      seen.add(node);
      const piece = pieceOf(node);
      for (const code of piece.errors) errors.add(code);
      for (const level of piece.access) access.add(level);
      for (const edge of piece.edges) walk(edge);
    };
    walk(handler);
    return { errors: [...errors].sort(), access: [...access].sort() };
  };

  /** A path written as a literal, or a template of constants (`${base}/token`). */
  const constantText = (node: ts.Node): string | undefined => {
    if (ts.isStringLiteralLike(node)) return node.text;
    if (ts.isTemplateExpression(node)) {
      let text = node.head.text;
      for (const span of node.templateSpans) {
        const declaration = declarationsOf(span.expression)[0];
        const value = declaration && ts.isVariableDeclaration(declaration) && declaration.initializer;
        const part = value ? constantText(value) : undefined;
        if (part === undefined) return undefined;
        text += part + span.literal.text;
      }
      return text;
    }
    return undefined;
  };

  const handlers: { key: string; place: string; handler: ts.Node }[] = [];
  for (const file of program.getSourceFiles()) {
    if (!path.resolve(file.fileName).startsWith(routesFolder)) continue;
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        httpMethods.has(node.expression.name.text) &&
        node.arguments.length >= 2 &&
        constantText(node.arguments[0]!)?.startsWith('/')
      ) {
        const { line } = file.getLineAndCharacterOfPosition(node.arguments[0]!.getStart());
        handlers.push({
          key: `${node.expression.name.text.toUpperCase()} ${constantText(node.arguments[0]!)}`,
          place: `${path.relative(repositoryRoot, file.fileName)}:${line + 1}`,
          handler: node.arguments[1]!,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const facts: RouteFacts[] = handlers.map(({ key, place, handler }) => ({ key, place, ...closure(handler) }));
  return facts.sort((a, b) => a.key.localeCompare(b.key));
}

/** The code to walk for a declaration the analysis follows, or none. */
function followable(declaration: ts.Declaration): ts.Node | undefined {
  if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) return declaration.body;
  if (ts.isVariableDeclaration(declaration)) return declaration.initializer;
  if (ts.isPropertyAssignment(declaration)) return declaration.initializer;
  if (ts.isShorthandPropertyAssignment(declaration)) return undefined;
  if (ts.isClassDeclaration(declaration)) return declaration;
  return undefined;
}

if (import.meta.main) {
  for (const route of analyseRoutes()) console.log(route.key, route.access.join('|') || '-', route.errors.join(' '));
}
