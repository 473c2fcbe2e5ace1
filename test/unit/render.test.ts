import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { displayPath, renderUri } from '../../src/text/displayPath';
import { bound } from '../../src/text/caps';
import { formatHover, formatLocations, previewText } from '../../src/text/render';
import type { LspLocation } from '../../src/engine/result';

const WS = 'file:///home/u/proj';
const loc = (uri: string, line: number, character: number): LspLocation => ({
  uri,
  range: { start: { line, character }, end: { line, character: character + 1 } },
});
const opts = (maxLocations = 100, maxResultChars = 16000) => ({ resolvedWorkspaceUri: WS, maxLocations, maxResultChars });

describe('renderUri (docs/contract.md §5.4)', () => {
  const cases: [string, string, string, string][] = [
    ['inside', 'file:///home/u/proj/src/a.ts', WS, 'src/a.ts'],
    ['trailing slash on the workspace', 'file:///home/u/proj/src/a.ts', `${WS}/`, 'src/a.ts'],
    ['the workspace root itself', WS, WS, '.'],
    ['outside', 'file:///home/u/other/b.ts', WS, '/home/u/other/b.ts'],
    ['the parent of the workspace', 'file:///home/u', WS, '/home/u'],
    ['..generated is inside', 'file:///home/u/proj/..generated/a.ts', WS, '..generated/a.ts'],
    ['percent-decoding', 'file:///home/u/proj/a%20b/%E2%82%AC%23.ts', WS, 'a b/€#.ts'],
    ['case of the tail kept', 'file:///home/u/proj/src/A.ts', WS, 'src/A.ts'],
    ['Windows drive, case-insensitive, VS Code %3A form', 'file:///C:/Proj/src/A.ts', 'file:///c%3A/proj', 'src/A.ts'],
    ['Windows cross-drive', 'file:///D:/lib/b.ts', 'file:///c%3A/proj', 'D:/lib/b.ts'],
    ['UNC case-insensitive', 'file://server/Share/Proj/a.ts', 'file://server/share/proj', 'a.ts'],
    ['another UNC server', 'file://other/share/b.ts', 'file://server/share/proj', '//other/share/b.ts'],
    ['UNC workspace, drive target', 'file:///C:/x/a.ts', 'file://server/share/proj', 'C:/x/a.ts'],
    ['POSIX target under a UNC workspace', 'file:///a.ts', 'file://server/share', '/a.ts'],
    ['root workspace file:///', 'file:///etc/hosts', 'file:///', 'etc/hosts'],
    ['a POSIX backslash is a filename character', 'file:///home/u/proj/dir%5Cname/a.ts', WS, 'dir\\name/a.ts'],
    ['malformed URI verbatim', 'file://[', WS, 'file://['],
    ['https workspace verbatim', 'file:///home/u/proj/a.ts', 'https://example.com/proj', 'file:///home/u/proj/a.ts'],
    ['bad escape verbatim', 'file:///home/u/proj/%ZZ.ts', WS, 'file:///home/u/proj/%ZZ.ts'],
    ['Windows %5C verbatim', 'file:///C:/proj/a%5Cb.ts', 'file:///C:/proj', 'file:///C:/proj/a%5Cb.ts'],
    ['bare root under a drive workspace', 'file:///', 'file:///C:/workspace', '/'],
    ['non-file scheme verbatim', 'untitled:Untitled-1', WS, 'untitled:Untitled-1'],
    ['uppercase FILE: verbatim', 'FILE:///home/u/proj/a.ts', WS, 'FILE:///home/u/proj/a.ts'],
    ['encoded slash verbatim', 'file:///home/u/proj/a%2Fb.ts', WS, 'file:///home/u/proj/a%2Fb.ts'],
    ['NUL verbatim', 'file:///home/u/proj/a%00.ts', WS, 'file:///home/u/proj/a%00.ts'],
  ];
  for (const [name, uri, workspace, expected] of cases) {
    it(name, () => assert.equal(renderUri(uri, workspace), expected));
  }
});

describe('displayPath (design additions)', () => {
  it('renders vscode-remote URIs inside a folder relative', () => {
    const root = 'vscode-remote://localhost:8080/work/proj';
    assert.equal(displayPath(`${root}/src/a%20b.ts`, root, [{ name: 'proj', uri: root }]), 'src/a b.ts');
  });
  it('prefixes the folder name when there are several roots, and picks the deepest root', () => {
    const roots = [
      { name: 'app', uri: 'file:///w/app' },
      { name: 'lib', uri: 'file:///w/lib' },
      { name: 'nested', uri: 'file:///w/app/nested' },
    ];
    assert.equal(displayPath('file:///w/lib/x.ts', 'file:///w/app', roots), 'lib/x.ts');
    assert.equal(displayPath('file:///w/app/nested/y.ts', 'file:///w/app', roots), 'nested/y.ts');
  });
  it('falls back to the outside rules (docs/contract.md §5.4) outside every root', () => {
    assert.equal(displayPath('file:///other/z.ts', WS, [{ name: 'proj', uri: WS }]), '/other/z.ts');
    assert.equal(displayPath('untitled:1', WS, [{ name: 'proj', uri: WS }]), 'untitled:1');
  });
  it('does not treat a sibling with a shared prefix as inside', () => {
    assert.equal(displayPath('file:///home/u/project2/a.ts', WS, [{ name: 'proj', uri: WS }]), '/home/u/project2/a.ts');
  });
});

describe('formatLocations (docs/contract.md §5.1)', () => {
  it('says No results. for an empty list', () => {
    assert.equal(formatLocations([], opts()), 'No results.');
  });
  it('renders two entries in one file', () => {
    const text = formatLocations([loc(`${WS}/a.ts`, 0, 0), loc(`${WS}/a.ts`, 2, 6)], opts());
    assert.equal(text, 'a.ts:1:1\na.ts:3:7');
  });
  it('groups by first appearance, keeping order inside a group', () => {
    const text = formatLocations([loc(`${WS}/a.ts`, 0, 0), loc(`${WS}/b.ts`, 0, 0), loc(`${WS}/a.ts`, 1, 0)], opts());
    assert.equal(text, 'a.ts:1:1\na.ts:2:1\nb.ts:1:1');
  });
  it('applies the count cap before grouping, with the singular marker', () => {
    assert.equal(formatLocations([loc(`${WS}/a.ts`, 0, 0), loc(`${WS}/subject.ts`, 0, 6)], opts(1)), 'a.ts:1:1\n… 1 more location omitted (limit 1).');
  });
  it('uses the plural marker', () => {
    const five = [0, 1, 2, 3, 4].map((n) => loc(`${WS}/a.ts`, n, 0));
    assert.equal(formatLocations(five, opts(2)), 'a.ts:1:1\na.ts:2:1\n… 3 more locations omitted (limit 2).');
  });
  it('cuts an enormous URI to exactly the cap with the notice inside', () => {
    const text = formatLocations([loc(`untitled:${'x'.repeat(500)}`, 0, 0)], opts(100, 80));
    assert.equal(text.length, 80);
    assert.match(text, /\n… locations truncated \(limit 80 characters\)\.$/);
  });
  it('adds vimgrep previews and notes after the list', () => {
    const text = formatLocations([loc(`${WS}/a.ts`, 0, 4)], {
      ...opts(),
      preview: () => '    const x = 1;   ',
      notes: ['moved to "x" at 1:5 (asked for 1:1).'],
    });
    assert.equal(text, 'a.ts:1:5: const x = 1;\nNote: moved to "x" at 1:5 (asked for 1:1).');
  });
  it('keeps notes whole when the body is truncated', () => {
    const many = Array.from({ length: 50 }, (_, n) => loc(`${WS}/file.ts`, n, 0));
    const text = formatLocations(many, { ...opts(100, 200), notes: ['partial'] });
    assert.equal(text.length, 200);
    assert.ok(text.endsWith('\nNote: partial'), text);
    assert.match(text, /locations truncated \(limit 200 characters\)\./);
  });
});

describe('previewText', () => {
  it('trims and caps at 120 characters', () => {
    assert.equal(previewText('  a  '), 'a');
    const long = previewText('y'.repeat(300));
    assert.equal(long.length, 120);
    assert.ok(long.endsWith('…'));
  });
});

describe('formatHover and bound (docs/contract.md §5.2, §5.3)', () => {
  it('says No hover information. for null', () => {
    assert.equal(formatHover(null, 16000), 'No hover information.');
  });
  it('keeps contents verbatim', () => {
    const contents = '```typescript\nfunction f(): void\n```\n\n*doc*';
    assert.equal(formatHover({ contents }, 16000), contents);
  });
  it('caps at 60 with the marker', () => {
    const text = formatHover({ contents: 'z'.repeat(200) }, 60);
    assert.equal(text.length, 60);
    assert.ok(text.endsWith('\n… hover truncated (limit 60 characters).'));
  });
  it('caps at 10 to a prefix of the notice', () => {
    assert.equal(formatHover({ contents: 'z'.repeat(200) }, 10), '\n… hover t');
  });
  it('returns the whole notice alone when it exactly fits', () => {
    const notice = '\n… hover truncated (limit 41 characters).';
    assert.equal(notice.length, 41);
    assert.equal(bound('q'.repeat(100), 41, 'hover'), notice);
  });
  it('leaves text at the cap unchanged', () => {
    assert.equal(bound('abc', 3, 'hover'), 'abc');
  });
});

describe('render properties', () => {
  const arbLocation = fc.record({
    uri: fc.oneof(
      fc.constant(`${WS}/a.ts`),
      fc.webUrl(),
      fc.string().map((s) => `${WS}/${encodeURIComponent(s)}`),
    ),
    range: fc.record({
      start: fc.record({ line: fc.nat(1e6), character: fc.nat(1e4) }),
      end: fc.record({ line: fc.nat(1e6), character: fc.nat(1e4) }),
    }),
  });
  it('never exceeds maxResultChars, notes and previews included', () => {
    fc.assert(
      fc.property(
        fc.array(arbLocation, { maxLength: 60 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.array(fc.string({ maxLength: 80 }), { maxLength: 3 }),
        fc.string({ maxLength: 300 }),
        (locations, maxResultChars, maxLocations, notes, line) => {
          const text = formatLocations(locations, { ...opts(maxLocations, maxResultChars), notes, preview: () => line });
          return text.length <= maxResultChars;
        },
      ),
    );
  });
  it('hover text never exceeds maxResultChars', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 5000 }),
        fc.integer({ min: 1, max: 6000 }),
        (contents, max) => formatHover(contents === '' ? null : { contents }, max).length <= max,
      ),
    );
  });
  it('keeps every shown location in the text when nothing is capped', () => {
    fc.assert(
      fc.property(fc.array(arbLocation, { minLength: 1, maxLength: 30 }), (locations) => {
        const text = formatLocations(locations, opts(1000, 1e9));
        return text.split('\n').length === locations.length;
      }),
    );
  });
});

describe('display paths of folders at a file system root', () => {
  it('shows a file of a folder at file:/// as its path below the root, not with a leading //', () => {
    assert.equal(displayPath('file:///a.ts', 'file:///', [{ name: 'root', uri: 'file:///' }]), 'a.ts');
    assert.equal(displayPath('file:///src/b.ts', 'file:///', [{ name: 'root', uri: 'file:///' }]), 'src/b.ts');
    assert.equal(displayPath('file:///', 'file:///', [{ name: 'root', uri: 'file:///' }]), '.');
  });
  it('does the same for Windows drive roots and remote roots', () => {
    assert.equal(displayPath('file:///c%3A/a.ts', 'file:///c%3A/', [{ name: 'c', uri: 'file:///c%3A/' }]), 'a.ts');
    assert.equal(
      displayPath('vscode-remote://ssh-remote%2Bh/a.ts', 'vscode-remote://ssh-remote%2Bh/', [{ name: 'h', uri: 'vscode-remote://ssh-remote%2Bh/' }]),
      'a.ts',
    );
    assert.equal(
      displayPath('file:///a.ts', 'file:///', [
        { name: 'root', uri: 'file:///' },
        { name: 'w', uri: 'file:///w' },
      ]),
      'root/a.ts',
    );
    assert.equal(
      displayPath('file:///w/a.ts', 'file:///', [
        { name: 'root', uri: 'file:///' },
        { name: 'w', uri: 'file:///w' },
      ]),
      'w/a.ts',
      'the deepest folder wins',
    );
  });
});
