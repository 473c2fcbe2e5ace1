// The strings src localises: the first argument of every `<anything>.l10n.t(...)` call, found with
// the TypeScript compiler. `vscode.l10n.t` is what @vscode/l10n-dev extracts; the calls through an
// `l10n` a module is given (`context.l10n.t`, `ui.l10n.t`, `out.l10n.t`) it does not see. Used by
// `npm run l10n` (scripts/l10n.mjs) and by the unit test that checks the bundles.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** The TypeScript files under `root`/src, sorted. */
function sourceFiles(root) {
  return filesUnder(path.join(root, 'src')).sort();
}

/**
 * The literals in source order; `nonLiteral` lists the calls (file:line) whose first argument is no
 * string literal; `files`, the source files read.
 */
function l10nLiterals(root) {
  const literals = new Set();
  const nonLiteral = [];
  const files = sourceFiles(root);
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 't' &&
        ts.isPropertyAccessExpression(node.expression.expression) &&
        node.expression.expression.name.text === 'l10n'
      ) {
        const [first] = node.arguments;
        if (first && ts.isStringLiteralLike(first)) literals.add(first.text);
        else nonLiteral.push(`${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, nonLiteral, files };
}

module.exports = { l10nLiterals, sourceFiles };
