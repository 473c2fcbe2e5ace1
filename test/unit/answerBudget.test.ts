import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { budgetChars, renderWithin } from '../../src/text/answerBudget';
import { formatHierarchyWithin } from '../../src/text/fitHierarchy';
import { formatLocationsWithin } from '../../src/text/fitLocations';
import { formatSymbolsWithin } from '../../src/text/fitSymbols';
import { formatLocations } from '../../src/text/render';
import { formatHierarchy, type ShownNode } from '../../src/text/renderHierarchy';
import { formatSymbols, type ShownSymbol } from '../../src/text/renderSymbols';
import type { LspLocation } from '../../src/engine/result';
import { engineWith, location } from './fakes/engineFakes';

const WS = 'file:///w';
const loc = (file: string, line: number, character = 0): LspLocation => ({
  uri: `${WS}/${file}`,
  range: { start: { line, character }, end: { line, character: character + 1 } },
});
const sourceOf = (l: LspLocation): string => `  const value${l.range.start.line} = compute(${'x'.repeat(40)}, ${l.uri.length});  `;
const base = (maxLocations = 100, maxResultChars = 16000) => ({ resolvedWorkspaceUri: WS, roots: [{ name: 'w', uri: WS }], maxLocations, maxResultChars });
const PREVIEWS_LINE = /^Previews shown for (?:the first (\d+)|none) of (?:the )?(\d+) locations?\.$/m;

/** 115 locations over 23 files, in provider order with files interleaved (as a reference search answers). */
function manyLocations(count = 115, files = 23): LspLocation[] {
  return Array.from({ length: count }, (_, i) => loc(`src/dir${i % files}/file${i % files}.ts`, i));
}

describe('budgetChars', () => {
  it('is undefined without a reader budget, else the smallest of the cap, the characters and the tokens (4 characters each)', () => {
    assert.equal(budgetChars(undefined, 16000), undefined);
    assert.equal(budgetChars({}, 16000), undefined);
    assert.equal(budgetChars({ chars: 8192 }, 16000), 8192);
    assert.equal(budgetChars({ chars: 20000 }, 16000), 16000);
    assert.equal(budgetChars({ chars: 8192, tokens: { budget: 1000, count: () => Promise.resolve(0) } }, 16000), 4000);
  });
});

describe('formatLocationsWithin (a reader budget)', () => {
  it('is the unbudgeted text when everything fits', async () => {
    const locations = manyLocations(12, 4);
    const full = formatLocations(locations, { ...base(), preview: sourceOf, notes: ['partial'] });
    assert.equal(await formatLocationsWithin(locations, { ...base(), preview: sourceOf, notes: ['partial'] }, full.length), full);
  });

  it('keeps every location, bare, and gives the previews way in answer order, saying so', async () => {
    const locations = manyLocations();
    const text = await formatLocationsWithin(locations, { ...base(), preview: sourceOf, notes: ['a note'] }, 8192);
    assert.ok(text.length <= 8192, String(text.length));
    const lines = text.split('\n');
    const grouped = formatLocations(locations, base()).split('\n');
    assert.equal(grouped.length, 101, '100 locations and the count marker');
    // Every location maxLocations allows, grouped as without a budget, the first ones with previews.
    for (let i = 0; i < 100; i++) assert.ok(lines[i]!.startsWith(grouped[i]!), `${lines[i]} / ${grouped[i]}`);
    assert.equal(lines[100], '… 15 more locations omitted (limit 100).');
    const match = PREVIEWS_LINE.exec(text);
    assert.ok(match?.[1] !== undefined, text.slice(-200));
    const kept = Number(match[1]);
    assert.ok(kept > 20 && kept < 100, String(kept));
    assert.equal(match[2], '100');
    for (let i = 0; i < 100; i++) assert.equal(lines[i]!.includes(': const value'), i < kept, lines[i]);
    assert.equal(lines.at(-1), 'Note: a note');
  });

  it('reads only the files whose previews can fit', async () => {
    // One location per file, 200 files: the previews of about 60 fit in 8,192 characters.
    const locations = Array.from({ length: 200 }, (_, i) => loc(`f${i}.ts`, 3));
    const read: string[] = [];
    const known = new Set<string>();
    const text = await formatLocationsWithin(
      locations,
      {
        ...base(200),
        preview: (l) => (known.has(l.uri) ? sourceOf(l) : undefined),
        readPreviews: (uris) => {
          read.push(...uris);
          for (const u of uris) known.add(u);
          return Promise.resolve();
        },
      },
      8192,
    );
    const kept = Number(PREVIEWS_LINE.exec(text)?.[1]);
    assert.ok(kept > 30, text.slice(-100));
    assert.equal(new Set(read).size, read.length, 'no file asked twice');
    assert.deepEqual(
      read,
      locations.slice(0, read.length).map((l) => l.uri),
      'in answer order',
    );
    assert.ok(read.length >= kept && read.length < kept * 1.6 + 2, `${read.length} files read for ${kept} previews`);
  });

  it('reads every file at once when all previews fit', async () => {
    const locations = manyLocations(10, 5);
    const calls: string[][] = [];
    await formatLocationsWithin(
      locations,
      {
        ...base(),
        preview: sourceOf,
        readPreviews: (uris) => {
          calls.push(uris);
          return Promise.resolve();
        },
      },
      8192,
    );
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.length, 5);
  });

  it('gives locations way only when the bare ones do not fit, with the omission marker and the character limit', async () => {
    const locations = manyLocations(400, 40);
    const text = await formatLocationsWithin(locations, { ...base(400), preview: sourceOf, notes: ['n'] }, 2000);
    assert.ok(text.length <= 2000);
    const lines = text.split('\n');
    const marker = /^… (\d+) more locations omitted \(limit 2000 characters\)\.$/.exec(lines.at(-2)!);
    assert.ok(marker, text.slice(-120));
    const written = lines.length - 2;
    assert.equal(Number(marker[1]), 400 - written);
    assert.ok(!text.includes(': const'), 'no previews');
    const grouped = formatLocations(locations, base(400)).split('\n');
    assert.deepEqual(lines.slice(0, written), grouped.slice(0, written));
    assert.equal(lines.at(-1), 'Note: n');
  });

  it('says "none" when only the bare locations fit', async () => {
    const locations = manyLocations(20, 2);
    const bare = formatLocations(locations, base()).length;
    const text = await formatLocationsWithin(locations, { ...base(), preview: sourceOf }, bare + 50);
    assert.match(text, /\nPreviews shown for none of the 20 locations\.$/);
  });

  it('never exceeds the budget or the cap; all locations when the bare ones fit; the line that says so iff a preview gave way', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 300 })), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 60, max: 3000 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 100, max: 16000 }),
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 2 }),
        fc.string({ maxLength: 150 }),
        async (pairs, limit, maxLocations, cap, notes, line) => {
          const locations = pairs.map(([f, l]) => loc(`d/file${f}.ts`, l));
          const text = await formatLocationsWithin(locations, { ...base(maxLocations, cap), notes, preview: () => line }, limit);
          if (text.length > Math.min(limit, cap)) return false;
          // A budget that the notes nearly fill leaves no room for a line that says anything: only the length holds.
          if (notes.reduce((n, note) => n + note.length + 7, 0) + 60 > Math.min(limit, cap)) return true;
          const shown = Math.min(locations.length, maxLocations);
          const bare = formatLocations(locations, { ...base(maxLocations, 1e9), notes });
          const previewsLine = `\nPreviews shown for the first ${shown} of ${shown} locations.`;
          const grouped = formatLocations(locations, base(maxLocations, 1e9)).split('\n').slice(0, shown);
          if (bare.length + previewsLine.length <= Math.min(limit, cap)) {
            const lines = text.split('\n');
            if (!grouped.every((entry, i) => lines[i] === entry || lines[i]!.startsWith(`${entry}: `))) return false;
          }
          const full = formatLocations(locations, { ...base(maxLocations, 1e9), notes, preview: () => line });
          const gaveWay = PREVIEWS_LINE.test(text) || /omitted \(limit \d+ characters\)\./.test(text) || /truncated \(limit/.test(text);
          return full.length <= Math.min(limit, cap) ? text === full : gaveWay;
        },
      ),
      { numRuns: 300 },
    );
  });
});

const sym = (name: string, line: number, children: ShownSymbol[] = [], containerName?: string): ShownSymbol => ({
  name,
  kind: 'class',
  uri: `${WS}/src/s${line % 3}.ts`,
  selectionRange: { start: { line, character: 2 } },
  children,
  ...(containerName ? { containerName } : {}),
});
const symbolOptions = (outline: boolean, maxSymbols = 100, maxResultChars = 16000) => ({
  resolvedWorkspaceUri: WS,
  roots: [{ name: 'w', uri: WS }],
  maxSymbols,
  maxResultChars,
  outline,
});

describe('formatSymbolsWithin (a reader budget)', () => {
  const symbols = Array.from({ length: 60 }, (_, i) => sym(`Name${i}`, i, [sym(`child${i}`, i + 1)], i % 2 ? 'Outer' : undefined));

  it('is the unbudgeted text when it fits', () => {
    const full = formatSymbols(symbols, { ...symbolOptions(true), notes: ['x'] });
    assert.equal(formatSymbolsWithin(symbols, { ...symbolOptions(true), notes: ['x'] }, full.length), full);
  });

  it('gives whole symbols way from the end, with the marker and the character limit', () => {
    const full = formatSymbols(symbols, symbolOptions(true)).split('\n');
    const text = formatSymbolsWithin(symbols, { ...symbolOptions(true), notes: ['x'] }, 1500);
    assert.ok(text.length <= 1500);
    const lines = text.split('\n');
    const written = lines.length - 2;
    assert.deepEqual(lines.slice(0, written), full.slice(0, written), 'whole lines, kinds and containers kept');
    assert.equal(lines.at(-2), `… ${120 - written} more symbols omitted (limit 1500 characters).`);
    assert.equal(lines.at(-1), 'Note: x');
  });

  it('never exceeds the budget or the cap, and equals the unbudgeted text whenever that fits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 60, max: 5000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.boolean(),
        (count, limit, maxSymbols, outline) => {
          const list = symbols.slice(0, count);
          const text = formatSymbolsWithin(list, symbolOptions(outline, maxSymbols), limit);
          const full = formatSymbols(list, symbolOptions(outline, maxSymbols, 1e9));
          return (
            text.length <= limit &&
            (full.length > limit || text === full) &&
            (full.length <= limit || /omitted \(limit \d+ characters\)\.|truncated/.test(text))
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

const node = (name: string, line: number, children: ShownNode[] = [], sites = 2): ShownNode => ({
  item: { name, kind: 'function', uri: `${WS}/src/h${line % 4}.ts`, selectionRange: { start: { line, character: 9 } } },
  fromRanges: Array.from({ length: sites }, (_, i) => ({ start: { line: line + i, character: 4 } })),
  children,
});

describe('formatHierarchyWithin (a reader budget)', () => {
  const root = { item: { name: 'operate', kind: 'function', uri: `${WS}/src/lift.ts`, selectionRange: { start: { line: 16, character: 16 } } } };
  const tree = [{ ...root, children: Array.from({ length: 40 }, (_, i) => node(`caller${i}`, i * 10, [node(`deeper${i}`, i * 10 + 5, [], 3)])) }];
  const options = (maxLocations = 100, maxResultChars = 16000) => ({
    direction: 'incomingCalls' as const,
    pathOf: (uri: string) => uri.slice(WS.length + 1),
    maxLocations,
    maxResultChars,
  });

  it('is the unbudgeted text when it fits', () => {
    const full = formatHierarchy(tree, { ...options(), notes: ['n'] });
    assert.equal(formatHierarchyWithin(tree, { ...options(), notes: ['n'] }, full.length), full);
  });

  it("keeps the tree and gives call sites way in the tree's order, saying so", () => {
    const full = formatHierarchy(tree, options()).split('\n');
    const text = formatHierarchyWithin(tree, options(), 4000);
    assert.ok(text.length <= 4000);
    const lines = text.split('\n');
    const said = /^Call sites shown for the first (\d+) of 80 items\.$/.exec(lines.at(-1)!);
    assert.ok(said, lines.at(-1));
    const kept = Number(said[1]);
    assert.equal(lines.length, full.length + 1);
    for (let i = 0; i < full.length; i++) {
      const shape = full[i]!.replace(/ \(calls at [^)]*\)/, '');
      assert.equal(lines[i], i >= 1 && i <= kept ? full[i] : shape, `line ${i}`);
    }
  });

  it('gives items way only when the shape does not fit', () => {
    const text = formatHierarchyWithin(tree, options(), 1200);
    assert.ok(text.length <= 1200);
    const lines = text.split('\n');
    const marker = /^… (\d+) more related items omitted \(limit 1200 characters\)\.$/.exec(lines.at(-1)!);
    assert.ok(marker, lines.at(-1));
    assert.equal(Number(marker[1]), 80 - (lines.length - 2));
    assert.ok(!text.includes('calls at'));
  });

  it('never exceeds the budget or the cap, and equals the unbudgeted text whenever that fits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 60, max: 6000 }), fc.integer({ min: 1, max: 120 }), (count, limit, maxLocations) => {
        const roots = [{ ...root, children: tree[0]!.children.slice(0, count) }];
        const text = formatHierarchyWithin(roots, options(maxLocations), limit);
        const full = formatHierarchy(roots, options(maxLocations, 1e9));
        return (
          text.length <= limit &&
          (full.length > limit || text === full) &&
          (full.length <= limit || /Call sites shown|omitted \(limit \d+ characters\)\.|truncated/.test(text))
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('renderWithin (a token budget)', () => {
  it('renders again under a smaller limit until the count is within the budget', async () => {
    const counted: number[] = [];
    const count = (text: string): Promise<number> => {
      counted.push(text.length);
      return Promise.resolve(Math.ceil(text.length / 2));
    };
    const render = (limit: number | undefined): string => 'y'.repeat(Math.min(limit ?? 1e6, 9000));
    const text = await renderWithin({ chars: 8192, tokens: { budget: 1000, count } }, 16000, render);
    assert.ok(Math.ceil(text.length / 2) <= 1000, String(text.length));
    assert.ok(counted.length >= 1 && counted.length <= 4);
  });

  it('does not count a text of fewer bytes than the budget', async () => {
    let counted = 0;
    const text = await renderWithin({ tokens: { budget: 5000, count: () => Promise.resolve(++counted) } }, 16000, () => 'short');
    assert.equal(text, 'short');
    assert.equal(counted, 0);
  });
});

describe('the engine with a reader budget', () => {
  it('renders previews only of the files that fit, checks every file once against the disk, and the canonical value keeps every location', async () => {
    const files = Array.from({ length: 120 }, (_, i) => `src/f${i}.ts`);
    const { engine, workspace } = engineWith((operation) => (operation === 'findReferences' ? files.map((f) => location(`${WS}/${f}`, 0, 13)) : []), {
      maxLocations: 200,
    });
    for (const f of files) workspace.add(f, `export const thing${'_'.repeat(60)} = ${f.length};\n`);
    const read: string[] = [];
    const readLines = workspace.readLines.bind(workspace);
    workspace.readLines = async (uris, known) => {
      read.push(...uris);
      return readLines(uris, known);
    };
    const input = { operation: 'findReferences', file_path: files[0], line: 1, character: 14 };
    const outcome = await engine.execute(input, undefined, { fit: { chars: 4096 } });
    assert.ok(outcome.text.length <= 4096);
    assert.equal(outcome.result.kind === 'locations' && outcome.result.locations.length, 120);
    const kept = Number(PREVIEWS_LINE.exec(outcome.text)?.[1]);
    assert.ok(kept > 0 && kept < 120, outcome.text.slice(-80));
    assert.ok(new Set(read).size < 120 && new Set(read).size >= kept, `${new Set(read).size} files read for ${kept} previews`);
    // Every file of the answer is checked against the disk (none has gone): once, in one batch.
    assert.deepEqual(
      workspace.viewed.map((batch) => batch.length),
      [120],
    );
    // Without a budget: every file, as before.
    read.length = 0;
    const unbudgeted = await engine.execute(input);
    assert.equal(new Set(read).size, 120);
    assert.ok(!PREVIEWS_LINE.test(unbudgeted.text));
  });
});
