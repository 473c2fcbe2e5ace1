// The titles a person reads (card/heading.ts): every question in words, in English and German, from
// the heading the engines put on their outcomes; the model's text and the raw title stay as they were.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { headingText } from '../../src/card/heading';
import type { Heading, Subject } from '../../src/engine/heading';
import { RecentOutcomes } from '../../src/engine/recentOutcomes';
import { DEFAULT_SETTINGS } from '../../src/engine/settings';
import { CallPath, type Caller } from '../../src/calls/callPath';
import { TOOLS } from '../../src/tools/list';
import { codeSpans, withoutCodeMarks } from '../../src/text/codeSpans';
import { FakeFeatures, FakeWorkspace, FAST_TUNING, location, RecordingLog } from './fakes/engineFakes';

const root = path.resolve(__dirname, '..', '..', '..');

/** vscode.l10n over one bundle: the template looked up (English when missing), `{n}` filled in. */
function localizer(bundle: string): { l10n: { t(message: string, ...args: (string | number | boolean)[]): string }; missing: string[] } {
  const strings = JSON.parse(fs.readFileSync(path.join(root, bundle), 'utf8')) as Record<string, string>;
  const missing: string[] = [];
  const t = (message: string, ...args: (string | number | boolean)[]): string => {
    const template = strings[message];
    if (template === undefined) missing.push(message);
    return (template ?? message).replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));
  };
  return { l10n: { t }, missing };
}

const named = (name: string): Subject => ({ name, at: 'src/order.ts:19:17' });
const nameless: Subject = { at: 'src/order.ts:19:17' };
const position = (question: Extract<Heading, { kind: 'position' }>['question'], subject = named('orderTotal'), depth?: number): Heading =>
  depth === undefined ? { kind: 'position', question, subject } : { kind: 'position', question, subject, depth };

const CASES: [Heading, string, string][] = [
  [position('goToDefinition'), 'Definition of `orderTotal`', 'Definition von `orderTotal`'],
  [position('findReferences'), 'References to `orderTotal`', 'Referenzen auf `orderTotal`'],
  [position('goToImplementation', named('Shape')), 'Implementations of `Shape`', 'Implementierungen von `Shape`'],
  [position('hover'), 'Hover on `orderTotal`', 'Hover für `orderTotal`'],
  [position('incomingCalls', named('lineTotal'), 1), 'Callers of `lineTotal`', 'Aufrufer von `lineTotal`'],
  [position('outgoingCalls', named('lineTotal')), 'Calls from `lineTotal`', 'Aufrufe aus `lineTotal`'],
  [position('supertypes', named('Square')), 'Supertypes of `Square`', 'Obertypen von `Square`'],
  [position('subtypes', named('Shape'), 3), 'Subtypes of `Shape`, 3 levels deep', 'Untertypen von `Shape`, 3 Ebenen tief'],
  [position('goToDefinition', nameless), 'Definition at src/order.ts:19:17', 'Definition an src/order.ts:19:17'],
  [position('findReferences', nameless), 'References at src/order.ts:19:17', 'Referenzen an src/order.ts:19:17'],
  [position('goToImplementation', nameless), 'Implementations at src/order.ts:19:17', 'Implementierungen an src/order.ts:19:17'],
  [position('hover', nameless), 'Hover at src/order.ts:19:17', 'Hover an src/order.ts:19:17'],
  [position('incomingCalls', nameless), 'Callers at src/order.ts:19:17', 'Aufrufer an src/order.ts:19:17'],
  [position('outgoingCalls', nameless, 2), 'Calls from src/order.ts:19:17, 2 levels deep', 'Aufrufe aus src/order.ts:19:17, 2 Ebenen tief'],
  [position('supertypes', nameless), 'Supertypes at src/order.ts:19:17', 'Obertypen an src/order.ts:19:17'],
  [position('subtypes', nameless), 'Subtypes at src/order.ts:19:17', 'Untertypen an src/order.ts:19:17'],
  [{ kind: 'symbols', query: 'order' }, 'Symbols matching `order`', 'Symbole passend zu `order`'],
  [{ kind: 'symbols', query: 'order', file: 'src/order.ts' }, 'Symbols matching `order` in src/order.ts', 'Symbole passend zu `order` in src/order.ts'],
  [{ kind: 'outline', file: 'src/order.ts' }, 'Outline of src/order.ts', 'Gliederung von src/order.ts'],
  [{ kind: 'problems', paths: [], severity: 'warning' }, 'Problems in the workspace', 'Probleme im Arbeitsbereich'],
  [{ kind: 'problems', paths: ['src/order.ts'], severity: 'warning' }, 'Problems in src/order.ts', 'Probleme in src/order.ts'],
  [
    { kind: 'problems', paths: ['src', 'test', 'lib'], severity: 'error' },
    'Problems in src and 2 more, errors only',
    'Probleme in src und 2 weiteren, nur Fehler',
  ],
  [{ kind: 'problems', paths: [], severity: 'all' }, 'Problems in the workspace, hints included', 'Probleme im Arbeitsbereich, mit Hinweisen'],
  [{ kind: 'rename', subject: named('a'), newName: 'b' }, 'Rename `a` to `b`', '`a` in `b` umbenennen'],
  [{ kind: 'rename', subject: nameless, newName: 'b' }, 'Rename at src/order.ts:19:17 to `b`', 'Umbenennen an src/order.ts:19:17 in `b`'],
];

describe('the titles a person reads (card/heading.ts)', () => {
  for (const [heading, english, german] of CASES) {
    it(`${english} / ${german}`, () => {
      const en = localizer('l10n/bundle.l10n.json');
      const de = localizer('l10n/bundle.l10n.de.json');
      assert.equal(headingText(heading, en), english);
      assert.equal(headingText(heading, de), german);
      assert.deepEqual([...en.missing, ...de.missing], [], 'every template is in both bundles');
    });
  }

  it('words every question of every position tool', () => {
    const en = localizer('l10n/bundle.l10n.json');
    const questions = ['goToDefinition', 'findReferences', 'goToImplementation', 'hover', 'incomingCalls', 'outgoingCalls', 'supertypes', 'subtypes'] as const;
    const said = questions.map((q) => headingText(position(q), en));
    assert.equal(new Set(said).size, questions.length, said.join('\n'));
    for (const s of said) assert.doesNotMatch(s, /LSP|[a-z][A-Z]\w* /, 'no operation id in a title');
  });

  it('marks names as code, and reads without the marks where a surface shows plain text', () => {
    assert.deepEqual(codeSpans('References to `orderTotal`'), [
      { text: 'References to ', code: false },
      { text: 'orderTotal', code: true },
    ]);
    assert.deepEqual(codeSpans('Claude Code: Rename `a` to `b`'), [
      { text: 'Claude Code: Rename ', code: false },
      { text: 'a', code: true },
      { text: ' to ', code: false },
      { text: 'b', code: true },
    ]);
    assert.deepEqual(codeSpans('Symbols matching `a`b`'), [
      { text: 'Symbols matching ', code: false },
      { text: 'a', code: true },
      { text: 'b`', code: false },
    ]);
    assert.deepEqual(codeSpans('Outline of src/order.ts'), [{ text: 'Outline of src/order.ts', code: false }]);
    assert.deepEqual(codeSpans(''), []);
    assert.equal(withoutCodeMarks('References to `orderTotal`'), 'References to orderTotal');
    assert.equal(withoutCodeMarks('a `b'), 'a `b');
  });
});

describe('the heading each tool puts on its outcome', () => {
  const SOURCE = 'export const answer = 42;\nconst other = answer;\n';
  function setup() {
    const workspace = new FakeWorkspace();
    const uri = workspace.add('src/a.ts', SOURCE);
    const features = new FakeFeatures(() => [location(uri, 0, 13, 6)]);
    const calls = new CallPath(TOOLS, {
      engine: { workspace, features, log: new RecordingLog(), settings: () => DEFAULT_SETTINGS, tuning: FAST_TUNING },
      outcomes: new RecentOutcomes(),
      confirmation: () => ({ title: 'Outside?', message: 'Outside?' }),
    });
    const caller: Caller = { transport: 'lm', confirm: () => Promise.resolve(true) };
    return { calls, caller, features };
  }

  it('lsp: the identifier at the queried position, after the snap to `symbol`; the raw title and the text unchanged', async () => {
    const { calls, caller } = setup();
    const { outcome, text } = await calls.call('lsp', { operation: 'findReferences', file_path: 'src/a.ts', line: 2, character: 15 }, caller);
    assert.deepEqual(outcome.heading, { kind: 'position', question: 'findReferences', subject: { name: 'answer', at: 'src/a.ts:2:15' } });
    assert.equal(outcome.title, 'LSP findReferences src/a.ts:2:15');
    assert.equal(text, 'src/a.ts:1:14: export const answer = 42;');
    const snapped = await calls.call('lsp', { operation: 'hover', file_path: 'src/a.ts', line: 2, character: 1, symbol: 'answer' }, caller);
    assert.deepEqual(snapped.outcome.heading, { kind: 'position', question: 'hover', subject: { name: 'answer', at: 'src/a.ts:2:15' } });
  });

  it('lsp: the position when no identifier is there', async () => {
    const { calls, caller } = setup();
    const { outcome } = await calls.call('lsp', { operation: 'goToDefinition', file_path: 'src/a.ts', line: 1, character: 21 }, caller);
    assert.deepEqual(outcome.heading, { kind: 'position', question: 'goToDefinition', subject: { at: 'src/a.ts:1:21' } });
  });

  it('lsp_symbols: the query, the file as the workspace shows it, or the outline', async () => {
    const { calls, caller, features } = setup();
    features.more.workspaceSymbols = () => [];
    assert.deepEqual((await calls.call('lsp_symbols', { query: ' answer ' }, caller)).outcome.heading, { kind: 'symbols', query: 'answer' });
    assert.deepEqual((await calls.call('lsp_symbols', { file_path: 'src/a.ts' }, caller)).outcome.heading, { kind: 'outline', file: 'src/a.ts' });
    assert.deepEqual((await calls.call('lsp_symbols', { file_path: 'src/a.ts', query: 'ans' }, caller)).outcome.heading, {
      kind: 'symbols',
      query: 'ans',
      file: 'src/a.ts',
    });
  });
});
