// Finds promises that nobody waits for in server/ and cmd/. Core functions are async, so a call
// left without `await` runs on after its caller has answered, and its failure (a rolled-back
// write, a refused rule) is lost instead of reaching the caller. Two shapes are reported:
// - an expression statement whose value is a promise, unless it is awaited, `void`-marked,
//   or ends in `.catch(…)` / `.then(…, onRejected)`;
// - an async function passed where a function returning void is expected (a callback whose
//   caller will not wait for it), unless that parameter also accepts a promise.
// Run: bun scripts/check-floating-promises.ts (exits 1 and lists the places when it finds any).
import path from 'node:path';
import { Project, ts } from 'ts-morph';

export interface FloatingPromise {
  file: string;
  line: number;
  kind: 'statement' | 'callback';
  text: string;
}

const checkedFolders = ['server', 'cmd'];

export function findFloatingPromises(root: string): FloatingPromise[] {
  // Through ts-morph, whose TypeScript carries its own standard library declarations.
  const program = new Project({ tsConfigFilePath: path.join(root, 'tsconfig.json') }).getProgram().compilerObject;
  const checker = program.getTypeChecker();
  const found: FloatingPromise[] = [];

  const isPromise = (type: ts.Type): boolean => {
    if (type.isUnion()) return type.types.some(isPromise);
    const then = type.getProperty('then');
    if (!then) return false;
    const thenType = checker.getTypeOfSymbol(then);
    return thenType.getCallSignatures().length > 0;
  };
  const returnsPromise = (type: ts.Type): boolean =>
    type.getCallSignatures().some((signature) => isPromise(signature.getReturnType()));
  const returnsOnlyVoid = (type: ts.Type): boolean => {
    const signatures = type.getNonNullableType().getCallSignatures();
    if (signatures.length === 0) return false;
    return signatures.every((signature) => {
      const returned = signature.getReturnType();
      return (returned.flags & ts.TypeFlags.Void) !== 0 && !returned.isUnion();
    });
  };

  const handled = (expression: ts.Expression): boolean => {
    let inner = expression;
    while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
    if (ts.isAwaitExpression(inner) || ts.isVoidExpression(inner)) return true;
    if (
      ts.isBinaryExpression(inner) &&
      inner.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      inner.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    )
      return true;
    if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression)) {
      const method = inner.expression.name.text;
      if (method === 'catch') return true;
      if (method === 'then' && inner.arguments.length >= 2) return true;
      if (method === 'finally') return handled(inner.expression.expression);
    }
    return false;
  };

  const report = (node: ts.Node, kind: FloatingPromise['kind']) => {
    const source = node.getSourceFile();
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push({
      file: path.relative(root, source.fileName),
      line: line + 1,
      kind,
      text: node.getText().split('\n')[0]!.slice(0, 120),
    });
  };

  for (const source of program.getSourceFiles()) {
    const relative = path.relative(root, source.fileName);
    if (relative.startsWith('..') || relative.includes('node_modules')) continue;
    if (!checkedFolders.some((folder) => relative.startsWith(`${folder}/`))) continue;
    const visit = (node: ts.Node) => {
      if (ts.isExpressionStatement(node) && !handled(node.expression) && isPromise(checker.getTypeAtLocation(node.expression))) {
        report(node, 'statement');
      }
      if (
        (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
        node.parent &&
        (ts.isCallExpression(node.parent) || ts.isJsxExpression(node.parent) || ts.isPropertyAssignment(node.parent))
      ) {
        const contextual = checker.getContextualType(node);
        if (contextual && returnsOnlyVoid(contextual) && returnsPromise(checker.getTypeAtLocation(node)))
          report(node, 'callback');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dir, '..');
  const found = findFloatingPromises(root);
  for (const place of found) console.log(`${place.file}:${place.line} (${place.kind}) ${place.text}`);
  if (found.length > 0) {
    console.error(`${found.length} promise${found.length === 1 ? '' : 's'} not waited for`);
    process.exit(1);
  }
}
