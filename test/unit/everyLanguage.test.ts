// Issue 19 in plain Node over fake ports: readiness and honest text for every language, not only
// TypeScript (empty answers provisional even when warm, language-aware keyword notes, fallbacks
// that say what they left out, "no provider" that VS Code cannot tell from "no result", and
// requests a server does not support).
import * as assert from 'node:assert/strict';
import { HierarchyEngine } from '../../src/tools/lsp_hierarchy/engine';
import { tokenTypeAt } from '../../src/engine/keywordNote';
import { LspEngine } from '../../src/tools/lsp/engine';
import { DEFAULT_SETTINGS, type LspToolSettings } from '../../src/engine/settings';
import { SymbolsEngine } from '../../src/tools/lsp_symbols/engine';
import { chooseWakeFiles, MAX_WAKE_FILES } from '../../src/engine/wake';
import type { ReadinessTuning } from '../../src/engine/readiness';
import { FakeFeatures, FakeWorkspace, FAST_TUNING, location, RecordingLog, ROOT } from './fakes/engineFakes';

function setup(settings: Partial<LspToolSettings> = {}, tuning: ReadinessTuning = FAST_TUNING) {
  const workspace = new FakeWorkspace();
  const features = new FakeFeatures(() => []);
  for (const language of ['python', 'go', 'c', 'cpp']) features.providerLanguages.add(language);
  const log = new RecordingLog();
  const deps = { workspace, features, log, settings: () => ({ ...DEFAULT_SETTINGS, timeoutMs: 3000, ...settings }), tuning };
  const query = new LspEngine(deps);
  const hierarchy = new HierarchyEngine({ ...deps, warm: query.warm, evidence: query.evidence });
  const symbols = new SymbolsEngine({ ...deps, warm: query.warm });
  return { workspace, features, log, query, hierarchy, symbols };
}

const range = (line: number, character: number, length = 3) => ({ start: { line, character }, end: { line, character: character + length } });

describe('every language: an empty answer is provisional even on a warm key', () => {
  it('asks again when a warm findReferences answers empty for a moment (ContentModified becomes [])', async () => {
    const fx = setup();
    const uri = fx.workspace.add('pkg/mod.py', 'def area(side):\n    return side * side\n\nprint(area(2))', 'python');
    let emptyFrom = Infinity;
    fx.features.answer = (_op, _uri, _pos, call) => (call >= emptyFrom && call < emptyFrom + 2 ? [] : [location(uri, 0, 4, 4), location(uri, 3, 6, 4)]);
    const cold = await fx.query.execute({ operation: 'findReferences', file_path: 'pkg/mod.py', line: 1, character: 5 });
    assert.equal(cold.result.completeness, 'complete');
    emptyFrom = fx.features.calls + 1;
    const warm = await fx.query.execute({ operation: 'findReferences', file_path: 'pkg/mod.py', line: 1, character: 5 });
    assert.equal(warm.result.completeness, 'complete');
    assert.equal(warm.text, cold.text, 'the warm answer is not the empty moment');
    const before = fx.features.calls;
    await fx.query.execute({ operation: 'findReferences', file_path: 'pkg/mod.py', line: 1, character: 5 });
    assert.equal(fx.features.calls - before, 1, 'a warm non-empty answer is still one call');
  });

  it('asks again when a warm outline or call hierarchy answers empty for a moment', async () => {
    const fx = setup();
    const uri = fx.workspace.add('main.go', 'package main\n\nfunc main() { run() }\n\nfunc run() {}', 'go');
    let emptyCalls = 0;
    fx.features.more.documentSymbols = () =>
      emptyCalls-- > 0 ? [] : [{ name: 'main', kind: 11, range: range(2, 0, 20), selectionRange: range(2, 5, 4), children: [], detail: '' }];
    const cold = await fx.symbols.execute({ file_path: 'main.go' });
    emptyCalls = 2;
    const warm = await fx.symbols.execute({ file_path: 'main.go' });
    assert.equal(warm.text, cold.text);

    const run = { name: 'run', kind: 11, uri: { scheme: 'file', toString: () => uri }, range: range(4, 0, 13), selectionRange: range(4, 5) };
    const main = { ...run, name: 'main', range: range(2, 0, 20), selectionRange: range(2, 5, 4) };
    fx.features.more.prepareHierarchy = () => (emptyCalls-- > 0 ? [] : [run]);
    fx.features.more.hierarchyRelated = () => [{ from: main, fromRanges: [range(2, 14)] }];
    const coldTree = await fx.hierarchy.execute({ direction: 'incomingCalls', file_path: 'main.go', line: 5, character: 6 });
    emptyCalls = 2;
    const warmTree = await fx.hierarchy.execute({ direction: 'incomingCalls', file_path: 'main.go', line: 5, character: 6 });
    assert.equal(warmTree.text, coldTree.text);
    assert.equal(warmTree.result.completeness, 'complete');
  });

  it('still answers a warm empty that stays empty, as complete, after the stable window only', async () => {
    const fx = setup();
    fx.workspace.add('pkg/mod.py', 'def area(side):\n    return side * side', 'python');
    await fx.query.execute({ operation: 'goToImplementation', file_path: 'pkg/mod.py', line: 1, character: 5 });
    const started = Date.now();
    const warm = await fx.query.execute({ operation: 'goToImplementation', file_path: 'pkg/mod.py', line: 1, character: 5 });
    assert.equal(warm.result.completeness, 'complete');
    assert.ok(Date.now() - started < FAST_TUNING.emptyStableMs * 10, 'not the cold window');
  });
});

describe('every language: a server the question itself started', () => {
  // A language client registers its providers only once its server has initialised: until then every
  // provider command answers [] (clangd started by a cold findReferences: [] for 3.8 s, then 11).
  it('waits past the provisional window for a server whose outline is still empty, then answers its first set', async () => {
    const fx = setup();
    const uri = fx.workspace.add('src/json.c', 'int is_string(int x);\nint f(void) { return is_string(1); }', 'c');
    const upAfter = Date.now() + FAST_TUNING.emptyStableMs * 2.5;
    const up = () => Date.now() >= upAfter;
    fx.features.more.documentSymbols = () =>
      up() ? [{ name: 'is_string', kind: 11, range: range(0, 0, 20), selectionRange: range(0, 4, 9), children: [], detail: '' }] : [];
    fx.features.answer = () => (up() ? [location(uri, 0, 4, 9), location(uri, 1, 21, 9)] : []);
    const cold = await fx.query.execute({ operation: 'findReferences', file_path: 'src/json.c', line: 1, character: 5 });
    assert.equal(cold.result.kind === 'locations' && cold.result.locations.length, 2, cold.text);
    assert.equal(cold.result.completeness, 'complete');
  });

  /** A starting window far longer than the provisional one, so the two cannot be confused on a loaded machine. */
  const LONG_START: ReadinessTuning = { ...FAST_TUNING, startingStableMs: 2500 };

  it('once the outline shows the server up, an empty answer waits the provisional window only', async () => {
    const fx = setup({}, LONG_START);
    fx.workspace.add('src/json.c', 'int is_string(int x);\n', 'c');
    fx.features.more.documentSymbols = () => [
      { name: 'is_string', kind: 11, range: range(0, 0, 20), selectionRange: range(0, 4, 9), children: [], detail: '' },
    ];
    const started = Date.now();
    const empty = await fx.query.execute({ operation: 'goToImplementation', file_path: 'src/json.c', line: 1, character: 5 });
    const tookMs = Date.now() - started;
    assert.equal(empty.result.completeness, 'complete');
    assert.equal(fx.features.commandCalls.documentSymbols, 1, 'asked once: the server is seen up from then on');
    assert.ok(tookMs < 2500, `the provisional window, not the starting one: ${tookMs}ms`);
  });

  it('an empty outline of a just-started server is not trusted before the starting window', async () => {
    const fx = setup();
    fx.workspace.add('main.go', 'package main\n\nfunc main() {}', 'go');
    const upAfter = Date.now() + FAST_TUNING.emptyStableMs * 2.5;
    fx.features.more.documentSymbols = () =>
      Date.now() >= upAfter ? [{ name: 'main', kind: 11, range: range(2, 0, 14), selectionRange: range(2, 5, 4), children: [], detail: '' }] : [];
    const outline = await fx.symbols.execute({ file_path: 'main.go' });
    assert.match(outline.text, /function main/);
  });

  it('says so when the server was never seen up, and the next question waits for it again', async () => {
    const fx = setup();
    fx.workspace.add('src/json.c', 'int is_string(int x);\n', 'c');
    fx.features.more.documentSymbols = () => [];
    const first = await fx.query.execute({ operation: 'findReferences', file_path: 'src/json.c', line: 1, character: 5 });
    assert.match(
      first.text,
      /^No results\.\nNote: nothing for language id "c" has answered in this window yet \(waited \d+ s\): its language server may still be starting/,
    );
    const before = fx.features.calls;
    await fx.query.execute({ operation: 'findReferences', file_path: 'src/json.c', line: 1, character: 5 });
    assert.ok(fx.features.calls - before >= 3, `the key stayed cold: ${fx.features.calls - before} calls`);
  });

  it('a language no installed extension serves pays no starting window', async () => {
    const fx = setup({}, LONG_START);
    fx.workspace.add('notes.txt', 'hello world', 'plaintext');
    const started = Date.now();
    const none = await fx.query.execute({ operation: 'findReferences', file_path: 'notes.txt', line: 1, character: 1 });
    assert.equal(none.result.completeness, 'noProvider');
    assert.equal(fx.features.commandCalls.documentSymbols, 0, 'no outline asked for');
    assert.ok(Date.now() - started < 2500, 'not the starting window');
    assert.equal(fx.query.warm.has(ROOT, 'plaintext', 'findReferences'), true, 'its question warms as before: no server to wait for');
  });
});

describe('every language: the keyword Note is language-aware', () => {
  it('decodes semantic tokens (line and start deltas) into the type that covers a position', () => {
    const legend = { tokenTypes: ['keyword', 'variable', 'property'], tokenModifiers: [] };
    // line 0: keyword 0-4, variable 5-8; line 2: property 4-8.
    const tokens = { data: Uint32Array.from([0, 0, 4, 0, 0, 0, 5, 3, 1, 0, 2, 4, 4, 2, 0]) };
    assert.equal(tokenTypeAt(legend, tokens, { line: 0, character: 2 }), 'keyword');
    assert.equal(tokenTypeAt(legend, tokens, { line: 0, character: 6 }), 'variable');
    assert.equal(tokenTypeAt(legend, tokens, { line: 2, character: 4 }), 'property');
    assert.equal(tokenTypeAt(legend, tokens, { line: 1, character: 0 }), undefined, 'no token on the line');
    assert.equal(tokenTypeAt(legend, { data: [0, 0, 4, 9, 0] }, { line: 0, character: 1 }), undefined, 'a type index outside the legend');
    assert.equal(tokenTypeAt(undefined, tokens, { line: 0, character: 1 }), undefined);
    assert.equal(tokenTypeAt(legend, { data: 'bogus' }, { line: 0, character: 1 }), undefined);
  });

  it('never calls a Python parameter, a C field or a Go builtin a keyword', async () => {
    const fx = setup();
    fx.workspace.add('lib/config.py', 'class Config:\n    def get(self, key, default=None):\n        return default', 'python');
    const python = await fx.query.execute({ operation: 'goToDefinition', file_path: 'lib/config.py', line: 2, character: 24 });
    assert.equal(
      python.text,
      'No results.\nNote: nothing answered for "default" at 2:24. Identifiers on line 2: def (col 5), get (col 9), self (col 13), key (col 19), default (col 24), None (col 32).',
    );
    assert.doesNotMatch(python.text, /keyword/);

    // clangd's semantic tokens type the field `type` a property.
    const c = fx.workspace.add('src/node.c', 'struct node {\n    int type;\n};', 'c');
    fx.features.tokens.set(c, { tokenTypes: ['keyword', 'property', 'type'], data: [1, 8, 4, 1, 0] });
    const field = await fx.query.execute({ operation: 'findReferences', file_path: 'src/node.c', line: 2, character: 9 });
    assert.equal(field.text, 'No results.', 'an empty answer on a symbol is just that');

    fx.workspace.add('main.go', 'package main\n\nvar p = new(int)', 'go');
    const builtin = await fx.query.execute({ operation: 'goToDefinition', file_path: 'main.go', line: 3, character: 10 });
    assert.doesNotMatch(builtin.text, /keyword/);
    assert.match(
      builtin.text,
      /^No results\.\nNote: nothing answered for "new" at 3:10\. Identifiers on line 3: var \(col 1\), p \(col 5\), new \(col 9\), int \(col 13\)\.$/,
    );

    const plain = await fx.query.execute({ operation: 'goToDefinition', file_path: 'lib/config.py', line: 2, character: 20 });
    assert.equal(plain.text, 'No results.', 'a word no language reserves is a symbol');
  });

  it("calls a word a keyword in any language when the editor's semantic tokens say so", async () => {
    const fx = setup();
    const go = fx.workspace.add('main.go', 'package main\n\nfunc main() {}', 'go');
    // gopls with semantic tokens on: `func` is a keyword, `main` a function.
    fx.features.tokens.set(go, { tokenTypes: ['keyword', 'function'], data: [0, 0, 7, 0, 0, 2, 0, 4, 0, 0, 0, 5, 4, 1, 0] });
    const outcome = await fx.query.execute({ operation: 'findReferences', file_path: 'main.go', line: 3, character: 2 });
    assert.equal(outcome.text, 'No results.\nNote: "func" at 3:2 is a keyword, not a symbol. Identifiers on line 3: func (col 1), main (col 6).');
    const hierarchy = await fx.hierarchy.execute({ direction: 'incomingCalls', file_path: 'main.go', line: 3, character: 2 });
    assert.equal(hierarchy.text, outcome.text, 'lsp_hierarchy says the same');
  });

  it("keeps TypeScript's keywords for TypeScript and JavaScript only, and not after a member access", async () => {
    const fx = setup();
    fx.features.providerLanguages.add('javascript');
    fx.workspace.add('src/a.ts', 'export const fn = (node) => node.type;', 'typescript');
    fx.workspace.add('src/b.js', 'const x = 1;', 'javascript');
    const constant = await fx.query.execute({ operation: 'goToDefinition', file_path: 'src/a.ts', line: 1, character: 9 });
    assert.match(
      constant.text,
      /^No results\.\nNote: "const" at 1:9 is a keyword, not a symbol\. Identifiers on line 1: export \(col 1\), const \(col 8\), fn \(col 14\), node \(col 20\), node \(col 29\), type \(col 34\)\.$/,
    );
    const property = await fx.query.execute({ operation: 'goToDefinition', file_path: 'src/a.ts', line: 1, character: 35 });
    assert.equal(property.text, 'No results.', '`node.type` is a property');
    const name = await fx.query.execute({ operation: 'goToDefinition', file_path: 'src/a.ts', line: 1, character: 15 });
    assert.equal(name.text, 'No results.', '`fn` is a TypeScript identifier');
    const javascript = await fx.query.execute({ operation: 'goToDefinition', file_path: 'src/b.js', line: 1, character: 2 });
    assert.match(javascript.text, /^No results\.\nNote: "const" at 1:2 is a keyword, not a symbol\./);
  });
});

const sym = (name: string, kind: number, line: number, text: string) => {
  const character = text.split('\n')[line]!.indexOf(name);
  return {
    name,
    kind,
    detail: '',
    range: { start: { line, character: 0 }, end: { line, character: 60 } },
    selectionRange: range(line, character, name.length),
    children: [],
  };
};

describe('every language: a fallback says what it gives, and an empty answer what it cannot know', () => {
  const GO = [
    'type Handler interface { Serve() }',
    'type Mux struct{}',
    'func (Mux) Serve() {}',
    'type HandlerFunc func()',
    'func (f HandlerFunc) Serve() { f() }',
    'var h Handler = Mux{}',
  ].join('\n');

  it('keeps every declaration the implementation provider names, a Go function type too, and says so', async () => {
    const fx = setup();
    const uri = fx.workspace.add('serve.go', GO, 'go');
    fx.features.more.prepareHierarchy = () => [];
    // tsserver names anonymous functions `<function>`, their selection range the function, not a name: a value.
    const anonymous = { ...sym('h', 12, 5, GO), name: '<function>', kind: 11, selectionRange: range(5, 16, 5) };
    fx.features.more.documentSymbols = () => [sym('Handler', 10, 0, GO), sym('Mux', 22, 1, GO), sym('HandlerFunc', 11, 3, GO), sym('h', 12, 5, GO), anonymous];
    fx.features.answer = (operation, _uri, position) => {
      if (operation !== 'goToImplementation' || position.line !== 0) return [];
      // gopls: the struct, the function type, and (as tsserver does for values) the literal assigned to a variable typed as it.
      return [location(uri, 1, 5, 3), location(uri, 3, 5, 11), location(uri, 5, 16, 5)];
    };
    const outcome = await fx.hierarchy.execute({ direction: 'subtypes', file_path: 'serve.go', line: 1, character: 6 });
    assert.equal(
      outcome.text,
      [
        'serve.go:1:6: interface Handler',
        '  serve.go:2:6: struct Mux',
        '  serve.go:4:6: function HandlerFunc',
        'Note: no type hierarchy provider answered for language id "go"; these subtypes of "Handler" come from the implementation provider instead: the declarations of any kind that extend or implement it (a function type can implement an interface) (indirect ones can be listed at the first level too).',
      ].join('\n'),
    );
  });

  it('does not state "(no subtypes)" or "No results." as a fact where no implementation provider is known (Python)', async () => {
    const fx = setup();
    const PY = 'class Base:\n    pass\n\nclass Child(Base):\n    pass';
    fx.workspace.add('pkg/shapes.py', PY, 'python');
    fx.features.more.prepareHierarchy = () => [];
    fx.features.more.documentSymbols = () => [sym('Base', 4, 0, PY), sym('Child', 4, 3, PY)];
    const subtypes = await fx.hierarchy.execute({ direction: 'subtypes', file_path: 'pkg/shapes.py', line: 1, character: 7 });
    assert.equal(
      subtypes.text,
      [
        'pkg/shapes.py:1:7: class Base',
        '  (no subtypes)',
        'Note: no type hierarchy provider answered for language id "python"; these subtypes of "Base" come from the implementation provider instead: the classes and interfaces that extend or implement it (indirect ones can be listed at the first level too).',
        'Note: VS Code cannot tell an empty answer from a missing provider, and no implementation provider has answered for language id "python" in this window: its language server may have none, so "(no subtypes)" is not known to be true. To find subtypes, call lsp findReferences on "Base" (a subtype names it), or search with lsp_symbols.',
      ].join('\n'),
    );
    const implementation = await fx.query.execute({ operation: 'goToImplementation', file_path: 'pkg/shapes.py', line: 1, character: 7 });
    assert.equal(
      implementation.text,
      'No results.\nNote: VS Code cannot tell an empty answer from a missing provider, and no implementation provider has answered for language id "python" in this window: its language server may have none. To find implementations, call lsp findReferences on "Base" (implementations name what they implement), or search with lsp_symbols.',
    );
    const references = await fx.query.execute({ operation: 'findReferences', file_path: 'pkg/shapes.py', line: 1, character: 7 });
    assert.equal(references.text, 'No results.', 'only the operations VS Code cannot tell apart get the Note');
  });

  it("states an empty implementation answer as a fact once the language's provider has answered, and for TypeScript", async () => {
    const fx = setup();
    const uri = fx.workspace.add('serve.go', GO, 'go');
    fx.workspace.add('src/a.ts', 'export function f() {}', 'typescript');
    fx.features.answer = (operation, asked, position) =>
      operation === 'goToImplementation' && asked === uri && position.line === 0 ? [location(uri, 1, 5, 3)] : [];
    const before = await fx.query.execute({ operation: 'goToImplementation', file_path: 'serve.go', line: 2, character: 6 });
    assert.match(
      before.text,
      /^No results\.\nNote: VS Code cannot tell an empty answer from a missing provider, and no implementation provider has answered for language id "go"/,
    );
    await fx.query.execute({ operation: 'goToImplementation', file_path: 'serve.go', line: 1, character: 6 });
    const after = await fx.query.execute({ operation: 'goToImplementation', file_path: 'serve.go', line: 2, character: 6 });
    assert.equal(after.text, 'No results.');
    const typescript = await fx.query.execute({ operation: 'goToImplementation', file_path: 'src/a.ts', line: 1, character: 17 });
    assert.equal(typescript.text, 'No results.', "VS Code's TypeScript extension registers an implementation provider");
  });
});

describe('every language: a request the server does not support is a Note, not a failure', () => {
  const C = 'struct shape { int sides; };\nstruct square { struct shape base; };\nint area(void) { return helper(); }';
  const refused = (method: string) => new Error(`Request ${method} failed with message: method not found`);

  it('answers supertypes that clangd 14 cannot prepare with a Note naming the language and the request', async () => {
    const fx = setup();
    fx.workspace.add('src/shape.c', C, 'c');
    fx.features.more.documentSymbols = () => [sym('shape', 22, 0, C), sym('square', 22, 1, C), sym('area', 11, 2, C)];
    fx.features.more.prepareHierarchy = (kind) => {
      if (kind === 'type') throw refused('textDocument/prepareTypeHierarchy');
      return [];
    };
    const started = Date.now();
    const supertypes = await fx.hierarchy.execute({ direction: 'supertypes', file_path: 'src/shape.c', line: 2, character: 9 });
    assert.equal(supertypes.result.completeness, 'noProvider');
    assert.equal(
      supertypes.text,
      'No results.\nNote: the c language server does not support supertypes (textDocument/prepareTypeHierarchy). To find them, call lsp goToDefinition on each base type named in its declaration.',
    );
    assert.ok(Date.now() - started < 1000, 'no waiting for a server to start supporting it');
    const onFunction = await fx.hierarchy.execute({ direction: 'supertypes', file_path: 'src/shape.c', line: 3, character: 6 });
    assert.match(onFunction.text, /^No results\.\nNote: the c language server does not support supertypes \(textDocument\/prepareTypeHierarchy\)\./);
    const subtypes = await fx.hierarchy.execute({ direction: 'subtypes', file_path: 'src/shape.c', line: 1, character: 9 });
    assert.match(
      subtypes.text,
      /^src\/shape\.c:1:8: struct shape\n {2}\(no subtypes\)\nNote: the c language server does not support the type hierarchy \(textDocument\/prepareTypeHierarchy\); these subtypes of "shape" come from the implementation provider instead/,
    );
  });

  it('lists the items without the relation a server refuses, saying which request it refused', async () => {
    const fx = setup();
    const uri = fx.workspace.add('src/shape.c', C, 'c');
    const area = { name: 'area', kind: 11, uri: { scheme: 'file', toString: () => uri }, range: range(2, 0, 36), selectionRange: range(2, 4, 4) };
    fx.features.more.prepareHierarchy = () => [area];
    fx.features.more.hierarchyRelated = (direction) => {
      if (direction === 'outgoingCalls') throw refused('callHierarchy/outgoingCalls');
      return [];
    };
    const outcome = await fx.hierarchy.execute({ direction: 'outgoingCalls', file_path: 'src/shape.c', line: 3, character: 6 });
    assert.equal(
      outcome.text,
      [
        'src/shape.c:3:5: function area',
        '  (no callees)',
        'Note: the c language server does not support outgoing calls (callHierarchy/outgoingCalls); the items are listed without them. To find what it calls, read its body and call lsp goToDefinition on each call.',
      ].join('\n'),
    );
  });

  it('answers an unsupported lsp operation with the Note and noProvider; other provider errors still fail', async () => {
    const fx = setup();
    fx.workspace.add('src/shape.c', C, 'c');
    fx.features.answer = (operation) => {
      if (operation === 'hover') throw Object.assign(new Error('Unhandled method textDocument/hover'), { code: -32601 });
      if (operation === 'goToImplementation') throw refused('textDocument/implementation');
      throw new Error('boom');
    };
    const hover = await fx.query.execute({ operation: 'hover', file_path: 'src/shape.c', line: 3, character: 6 });
    assert.equal(hover.result.completeness, 'noProvider');
    assert.equal(
      hover.text,
      'No hover information.\nNote: the c language server does not support hover (textDocument/hover). Try lsp goToDefinition and read the declaration.',
    );
    const implementation = await fx.query.execute({ operation: 'goToImplementation', file_path: 'src/shape.c', line: 3, character: 6 });
    assert.equal(
      implementation.text,
      'No results.\nNote: the c language server does not support goToImplementation (textDocument/implementation). Try lsp findReferences on the name, or lsp_symbols to search for it.',
    );
    await assert.rejects(
      fx.query.execute({ operation: 'findReferences', file_path: 'src/shape.c', line: 3, character: 6 }),
      /^LspToolError: LSP_PROVIDER_FAILED: the c language provider failed on findReferences: boom/,
    );
  });
});

describe('every language: a workspace-wide question wakes the servers the workspace needs', () => {
  const candidate = (path: string, languageId: string) => ({ uri: `${ROOT}/${path}`, languageId, folder: ROOT });

  it('chooses served languages only, each URI once, languages taking turns, within the bound', () => {
    const ts = Array.from({ length: 12 }, (_, i) => candidate(`p${i}/index.ts`, 'typescript'));
    const go = candidate('go.mod.dir/mux.go', 'go');
    const rust = candidate('crate/src/lib.rs', 'rust');
    const chosen = chooseWakeFiles([...ts, ts[0]!, go, candidate('cjson/cJSON.c', 'c'), rust], (id) => id !== 'rust');
    assert.equal(chosen.length, MAX_WAKE_FILES);
    assert.deepEqual(
      chosen.slice(0, 3).map((c) => c.languageId),
      ['typescript', 'go', 'c'],
      'every language before a second file of any',
    );
    assert.ok(!chosen.includes(rust), 'no extension serves rust: nothing to wake');
    assert.equal(new Set(chosen.map((c) => c.uri)).size, chosen.length);
    assert.deepEqual(
      chooseWakeFiles([...ts, go], () => true, 10, 'go'),
      [go],
    );
    assert.deepEqual(
      chooseWakeFiles([], () => true),
      [],
    );
  });

  it('answers a cold symbol search of a C and Go workspace from servers it woke, equal to the warm answer', async () => {
    const fx = setup();
    const c = fx.workspace.add('cjson/cJSON.c', 'cJSON *cJSON_CreateObject(void) { return 0; }', 'c');
    const go = fx.workspace.add('mux/mux.go', 'package mux\n\nfunc NewRouter() {}', 'go');
    fx.workspace.add('crate/src/lib.rs', 'pub fn create() {}', 'rust');
    fx.workspace.moreCandidates = [candidate('cjson/cJSON.c', 'c'), candidate('mux/mux.go', 'go'), candidate('crate/src/lib.rs', 'rust')];
    const info = (name: string, uri: string, line: number) => ({
      name,
      kind: 11,
      containerName: '',
      location: { uri: { scheme: 'file', toString: () => uri }, range: range(line, 0, 20) },
    });
    // Each server answers only once a file of its language is open (clangd and gopls start for one).
    fx.features.more.workspaceSymbols = (query) =>
      [...(fx.workspace.open.has(c) ? [info('cJSON_CreateObject', c, 0)] : []), ...(fx.workspace.open.has(go) ? [info('NewRouter', go, 2)] : [])].filter((s) =>
        s.name.toLowerCase().includes(query.toLowerCase()),
      );
    const cold = await fx.symbols.execute({ query: 'Create' });
    assert.deepEqual(fx.workspace.woken, [c, go], 'one file of each served language, none of rust (no extension serves it)');
    assert.equal(cold.result.completeness, 'complete');
    assert.deepEqual(cold.result.symbols.map((s) => s.name).sort(), ['cJSON_CreateObject']);
    const router = await fx.symbols.execute({ query: 'NewRouter' });
    assert.deepEqual(
      router.result.symbols.map((s) => s.name),
      ['NewRouter'],
    );
    const warm = await fx.symbols.execute({ query: 'Create' });
    assert.equal(warm.text, cold.text);
  });

  it("wakes the projects of a cold question's language, not of others, and not tsserver's", async () => {
    const fx = setup();
    fx.workspace.add('lib/util.py', 'def helper():\n    pass', 'python');
    const init = fx.workspace.add('lib/__init__.py', 'from .util import helper', 'python');
    fx.workspace.add('mux/mux.go', 'package mux', 'go');
    fx.workspace.add('src/a.ts', 'export const a = 1;', 'typescript');
    fx.workspace.projectFiles = [fx.workspace.uriOf('src/other.ts')];
    fx.workspace.moreCandidates = [candidate('lib/__init__.py', 'python'), candidate('mux/mux.go', 'go')];
    await fx.query.execute({ operation: 'findReferences', file_path: 'src/a.ts', line: 1, character: 14 });
    assert.deepEqual(fx.workspace.woken, [], 'a TypeScript question loads its own project only, as before');
    await fx.query.execute({ operation: 'findReferences', file_path: 'lib/util.py', line: 1, character: 5 });
    assert.deepEqual(fx.workspace.woken, [init]);
  });

  it('waits longer on an empty search right after it started a server that answers [] while it indexes (pyright)', async () => {
    const fx = setup();
    const py = fx.workspace.add('click/core.py', 'class Option:\n    pass', 'python');
    fx.workspace.moreCandidates = [candidate('click/core.py', 'python')];
    let openedAt = 0;
    fx.features.more.workspaceSymbols = () => {
      if (!fx.workspace.open.has(py)) return [];
      openedAt ||= Date.now();
      // Nothing for twice the usual empty window after the file opened, then the class.
      return Date.now() - openedAt < FAST_TUNING.emptyStableMs * 2
        ? []
        : [{ name: 'Option', kind: 4, containerName: '', location: { uri: { scheme: 'file', toString: () => py }, range: range(0, 0, 12) } }];
    };
    const cold = await fx.symbols.execute({ query: 'Option' });
    assert.equal(cold.text, 'click/core.py:1:7: class Option');
    assert.equal(cold.result.completeness, 'complete');
  });
});
