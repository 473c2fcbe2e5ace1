// A comment that names a file sends the next reader there: every `src/...` or `test/...` path named
// in a comment of src/ or test/ must exist (a file, or a folder when it ends with a slash).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const SOURCE = /\.(ts|mts|cts|mjs|cjs|js)$/;
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? e.name === 'node_modules' || e.name === 'fixtures'
          ? []
          : files(path.join(dir, e.name))
        : SOURCE.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );

/** The text of every comment in a source file: `// ...` to the line's end, `/* ... *\/` whole. */
export function commentsOf(source: string): string[] {
  const out: string[] = [];
  // Strings and template literals are matched (and skipped) so that a `//` inside one is no comment.
  const token = /'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
  for (const match of source.matchAll(token)) {
    const text = match[0];
    if (text.startsWith('//') || text.startsWith('/*')) out.push(text);
  }
  return out;
}

/**
 * The `src/` and `test/` paths a comment names. Not: a part of a longer path or URL, a pattern
 * (`test/extensions/lang-*`, `src/tools/<name>/`), another repository's path (`microsoft/vscode's
 * src/vs/...`), a path in quotes (a fixture's), or one inside an example in backticks
 * (`outline src/a.ts`, `src/a.ts:3:17`: a span that holds more than the path).
 */
export function pathsNamed(comment: string): string[] {
  const examples = [...comment.matchAll(/`[^`]*`/g)].map((m) => ({ from: m.index, to: m.index + m[0].length, text: m[0].slice(1, -1).trim() }));
  const found: string[] = [];
  for (const match of comment.matchAll(/(?<![\w./'"-]|'s )(?:src|test)\/[\w./*<>{}-]*/g)) {
    const named = match[0].replace(/[.,-]+$/, '');
    const inExample = examples.some((span) => match.index > span.from && match.index < span.to && span.text !== named);
    if (/[*<>{}]/.test(named) || inExample) continue;
    found.push(named);
  }
  return found;
}

describe('paths named in comments', () => {
  it('finds the paths in comments, and only there', () => {
    const source = [
      '// see src/a/b.ts, and test/unit/.',
      "const url = 'http://x/src/no.ts'; /* src/c.ts, not src/<name>/ nor test/lang-* nor vscode's src/vs/x.ts */",
      "const s = '// src/not.ts'; // `src/a.ts:3:17` and `outline src/a.ts` are examples, `test/x.ts` is not",
    ].join('\n');
    assert.deepEqual(commentsOf(source).flatMap(pathsNamed), ['src/a/b.ts', 'test/unit/', 'src/c.ts', 'test/x.ts']);
  });

  it('every src/ or test/ path a comment in src/ or test/ names exists', () => {
    const missing: string[] = [];
    let named = 0;
    for (const file of [...files(path.join(root, 'src')), ...files(path.join(root, 'test'))]) {
      for (const comment of commentsOf(fs.readFileSync(file, 'utf8'))) {
        for (const target of pathsNamed(comment)) {
          named++;
          if (!fs.existsSync(path.join(root, target))) missing.push(`${path.relative(root, file)}: ${target}`);
        }
      }
    }
    assert.ok(named > 0, 'the comments name some paths');
    assert.deepEqual(missing, []);
  });
});
