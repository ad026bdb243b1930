import { Node, Project, SyntaxKind } from 'ts-morph';
const project = new Project({ tsConfigFilePath: '/work/wt-async/tsconfig.json' });
for (const f of project.getSourceFiles()) {
  const p = f.getFilePath();
  if (!/\/work\/wt-async\/(server|cmd)\//.test(p)) continue;
  if (/copy-endpoints|database-copy|read-back-secrets|backups|db\//.test(p)) continue;
  for (const pa of f.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
    const name = pa.getName();
    if (!['insert', 'update', 'delete'].includes(name)) continue;
    const root = pa.getExpression().getText().replace(/\s/g, '');
    if (!/(^|\.)db$|^tx$|^db$|^writer$/.test(root)) continue;
    const inTx = pa.getAncestors().some((a) => Node.isCallExpression(a) && /writeTransaction/.test(a.getExpression().getText()));
    if (inTx) continue;
    const fn = pa.getFirstAncestor((a) => Node.isFunctionDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a) || Node.isMethodDeclaration(a));
    const fnName = fn && (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)) ? fn.getName() : fn?.getParent()?.getText().slice(0, 40);
    const params = fn ? (fn as any).getParameters().map((x: any) => x.getName()).join(',') : '';
    // is the arrow a prepared builder?  (db: Db) => db.insert(...).prepare()
    if (/\.prepare\(\)/.test(fn?.getText() ?? '') && params === 'db') continue;
    console.log(`${p.replace('/work/wt-async/', '')}:${pa.getStartLineNumber()} ${root}.${name} in ${fnName}(${params})`);
  }
}
