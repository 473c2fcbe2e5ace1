// Comments and tests cite docs/contract.md by section ("docs/contract.md §5.3"): each cited section
// must exist there, so a renumbered or removed section cannot leave a citation pointing nowhere.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.(ts|mjs|js)$/.test(e.name) ? [path.join(dir, e.name)] : []));

describe('docs/contract.md citations', () => {
  const contract = fs.readFileSync(path.join(root, 'docs', 'contract.md'), 'utf8');
  const sections = new Set([...contract.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]!));
  const citations = ['src', 'test/unit', 'test/integration'].flatMap((dir) =>
    files(path.join(root, dir)).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      // "docs/contract.md §5.2, §5.3": every § after the file name, up to the end of the citation.
      return [...text.matchAll(/docs\/contract\.md((?:,? ?§\d+(?:\.\d+)?)+)/g)].flatMap((m) =>
        [...m[1]!.matchAll(/§(\d+(?:\.\d+)?)/g)].map((s) => ({ file: path.relative(root, file), section: s[1]! })),
      );
    }),
  );

  it('has numbered sections', () => assert.ok(sections.has('5.3') && sections.has('2.2'), [...sections].join(' ')));
  it('is cited from the code', () => assert.ok(citations.length >= 10, `${citations.length} citations`));
  it('has every section the code and tests cite', () => {
    const missing = citations.filter((c) => !sections.has(c.section));
    assert.deepEqual(missing, []);
  });
});
