import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { LspLocation } from '../../src/engine/result';
import { displayPath } from '../../src/text/displayPath';
import { bound } from '../../src/text/caps';
import { formatLocations, PREVIEW_MAX, type LocationRenderOptions } from '../../src/text/render';
import { hasLoneSurrogate, isTrimmedSpace, StringBuilder, TextBuilder } from '../../src/text/textBuilder';

/** The straightforward docs/contract.md §5.1 rendering the buffered one replaced: the oracle for equivalence. */
function reference(locations: readonly LspLocation[], options: LocationRenderOptions<LspLocation>): string {
  const { maxLocations, maxResultChars } = options;
  const notesText = (options.notes ?? []).map((note) => `\nNote: ${note}`).join('');
  const cap = (body: string): string => {
    if (notesText === '') return bound(body, maxResultChars, 'locations');
    if (body.length + notesText.length <= maxResultChars) return body + notesText;
    if (notesText.length < maxResultChars) return bound(body, maxResultChars - notesText.length, 'locations', maxResultChars) + notesText;
    return bound(body + notesText, maxResultChars, 'locations');
  };
  if (locations.length === 0) return cap('No results.');
  const shown = locations.slice(0, maxLocations);
  const omitted = locations.length - shown.length;
  const groups = new Map<string, string[]>();
  for (const location of shown) {
    const file = displayPath(location.uri, options.resolvedWorkspaceUri, options.roots);
    let entry = `${file}:${location.range.start.line + 1}:${location.range.start.character + 1}`;
    const source = options.preview?.(location);
    if (source !== undefined) {
      // The preview rule (docs/contract.md §5.6), written out here so the oracle shares no code with what it checks.
      const trimmed = source.trim();
      entry += `: ${trimmed.length <= PREVIEW_MAX ? trimmed : `${trimmed.slice(0, PREVIEW_MAX - 1)}…`}`;
    }
    const group = groups.get(file);
    if (group) group.push(entry);
    else groups.set(file, [entry]);
  }
  const lines = [...groups.values()].flat();
  if (omitted > 0) lines.push(`… ${omitted} more location${omitted === 1 ? '' : 's'} omitted (limit ${maxLocations}).`);
  return cap(lines.join('\n'));
}

const WS = 'file:///w/proj';
const uriArb = fc.constantFrom(
  `${WS}/a.ts`,
  `${WS}/src/b.ts`,
  `${WS}/src/%E2%82%AC.ts`,
  `${WS}/a%20b.ts`,
  `${WS}/a b.ts`,
  'file:///elsewhere/c.ts',
  'untitled:Untitled-1',
  `${WS}/%ED%A0%80.ts`,
  'vscode-remote://h/w/d.ts',
);
const textArb = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 140 }),
  fc.string({ unit: 'binary', maxLength: 140 }),
  fc.constantFrom('', '   ', '\u00a0x\u3000', '\ufeffy\u2028', 'é'.repeat(130), '😀'.repeat(61), `${'a'.repeat(118)}😀b`, '\ud800lone', 'x\udc00'),
);
const locationArb = fc.record({
  uri: uriArb,
  range: fc.record({
    start: fc.record({ line: fc.nat(2_000_000), character: fc.nat(5000) }),
    end: fc.record({ line: fc.nat(10), character: fc.nat(10) }),
  }),
});

describe('buffered formatLocations', () => {
  it('equals the string-by-string rendering for any locations, previews, caps and notes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(locationArb, fc.option(textArb, { nil: undefined })), { maxLength: 60 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 2 }),
        fc.boolean(),
        (pairs, maxLocations, maxResultChars, notes, twoRoots) => {
          const locations = pairs.map(([l]) => l);
          const previews = new Map<LspLocation, string | undefined>(pairs.map(([l, p]) => [l, p]));
          const options: LocationRenderOptions<LspLocation> = {
            resolvedWorkspaceUri: WS,
            roots: twoRoots
              ? [
                  { name: 'proj', uri: WS },
                  { name: 'h', uri: 'vscode-remote://h/w' },
                ]
              : [{ name: 'proj', uri: WS }],
            maxLocations,
            maxResultChars,
            notes,
            preview: (l) => previews.get(l),
          };
          assert.equal(formatLocations(locations, options), reference(locations, options));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('stops formatting at the character cap: a huge answer costs what the cap keeps', () => {
    let calls = 0;
    const locations = Array.from({ length: 100_000 }, (_, i): LspLocation => ({
      uri: `${WS}/f${i % 7}.ts`,
      range: { start: { line: i, character: 0 }, end: { line: i, character: 1 } },
    }));
    const options = {
      resolvedWorkspaceUri: WS,
      maxLocations: 1e9,
      maxResultChars: 2000,
      preview: () => {
        calls++;
        return 'x';
      },
    };
    const text = formatLocations(locations, options);
    assert.equal(text.length, 2000);
    assert.equal(text, reference(locations, { ...options, preview: () => 'x' }));
    assert.ok(calls < 200, `previews computed: ${calls}`);
  });
});

describe('TextBuilder', () => {
  it('isTrimmedSpace agrees with String.prototype.trim on every UTF-16 code unit', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      assert.equal(isTrimmedSpace(code), char.trim() === '', `U+${code.toString(16)}`);
    }
  });

  it('appendInteger writes what String() writes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.constantFrom(0, 9, 10, 99, 100, 999_999_999, 1e9, 2 ** 31, Number.MAX_SAFE_INTEGER)), (n) => {
        const b = new TextBuilder();
        b.appendInteger(n);
        assert.equal(b.toString(), String(n));
        assert.equal(b.units, String(n).length);
      }),
    );
  });

  it('round-trips well-formed text and flags lone surrogates; StringBuilder keeps them', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 50 }), { maxLength: 8 }), (parts) => {
        const b = new TextBuilder();
        const s = new StringBuilder();
        for (const part of parts) {
          b.append(part);
          s.append(part);
        }
        const joined = parts.join('');
        assert.equal(b.lossy, hasLoneSurrogate(joined) && /[^\0-\x7f]/.test(joined));
        if (!b.lossy) assert.equal(b.toString(), joined);
        assert.equal(s.toString(), joined);
        assert.equal(b.units, joined.length);
      }),
    );
  });

  it('hasLoneSurrogate matches isWellFormed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => {
        assert.equal(hasLoneSurrogate(text), !(text as string & { isWellFormed(): boolean }).isWellFormed());
      }),
    );
  });
});
