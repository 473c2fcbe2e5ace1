// What the engine knows of a language is in its profile (src/engine/languages/): one per server
// family, found by language id and by a file's extension, and a default for any other language.
import * as assert from 'node:assert/strict';
import {
  CLAIMED_LANGUAGES,
  CLANGD,
  DEFAULT_LANGUAGES,
  familyOf,
  GO,
  OTHER,
  profileOf,
  profileOfFile,
  PROFILES,
  PYTHON,
  RESERVED_SOMEWHERE,
  TYPESCRIPT,
  WAKE_SEARCHES,
} from '../../src/engine/languages';

describe('language profiles', () => {
  const families = [
    {
      profile: TYPESCRIPT,
      ids: ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'],
      files: ['a.ts', 'b.tsx', 'c.mts', 'd.cts', 'e.js', 'f.jsx', 'g.mjs', 'h.cjs'],
    },
    { profile: PYTHON, ids: ['python'], files: ['a.py', 'b.pyi'] },
    {
      profile: CLANGD,
      ids: ['c', 'cpp', 'objective-c', 'objective-cpp', 'cuda-cpp'],
      files: ['a.c', 'a.h', 'a.cc', 'a.cpp', 'a.cxx', 'a.c++', 'a.hpp', 'a.hh', 'a.hxx', 'a.h++', 'a.inl', 'a.ipp', 'a.m', 'a.mm', 'a.cu', 'a.cuh'],
    },
    { profile: GO, ids: ['go'], files: ['main.go'] },
  ];

  it('finds every family by its language ids and by its files’ extensions (any case)', () => {
    for (const { profile, ids, files } of families) {
      for (const id of ids) assert.equal(profileOf(id), profile, id);
      for (const file of files) {
        assert.equal(profileOfFile(`file:///p/src/${file}`), profile, file);
        assert.equal(profileOfFile(`file:///p/src/${file.toUpperCase()}`), profile, file.toUpperCase());
        assert.equal(familyOf(`file:///p/src/${file}`), profile.extensions[0], file);
      }
    }
  });

  it('gives the default for any other language id or extension, and a family of its own by extension', () => {
    for (const id of ['rust', 'java', 'kotlin', 'plaintext', 'markdown', 'json', '', 'TypeScript']) assert.equal(profileOf(id), OTHER, id);
    for (const file of ['lib.rs', 'Main.java', 'Main.kt', 'README.md', 'Makefile', 'a.tsbuildinfo', 'dir.ts/file']) {
      assert.equal(profileOfFile(`file:///p/${file}`), OTHER, file);
    }
    assert.equal(familyOf('file:///p/Main.KT'), 'kt');
    assert.equal(familyOf('file:///p/Makefile'), '');
    assert.equal(OTHER.extensions.length, 0);
    assert.equal(OTHER.keywords, undefined);
  });

  it('holds one profile per family, the default last, no language id or extension in two', () => {
    assert.deepEqual(
      PROFILES.map((p) => p.name),
      ['typescript', 'c', 'go', 'python', 'other'],
    );
    const ids = PROFILES.flatMap((p) => p.languageIds);
    const extensions = PROFILES.flatMap((p) => p.extensions);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(new Set(extensions).size, extensions.length);
    for (const ext of extensions) assert.equal(ext, ext.toLowerCase());
  });

  it('says what only tsserver does differently: it grows, blocks while starting, is asked for a closed file, has implementations', () => {
    for (const profile of PROFILES) {
      const ts = profile === TYPESCRIPT;
      assert.equal(profile.settle.growsWhileLoading, ts, profile.name);
      assert.equal(profile.wake.emptyWhileStarting, !ts, profile.name);
      assert.equal(profile.wake.projectsBeforeFileQuestion, !ts, profile.name);
      assert.equal(profile.implementationProvider, ts, profile.name);
      assert.equal(profile.closedFile.kind, ts ? 'request' : 'published', profile.name);
      assert.equal(profile.keywords !== undefined, ts, profile.name);
      assert.equal(profile.backgroundIndex !== undefined, profile === CLANGD, profile.name);
    }
  });

  it('reads tsserver’s diagnostics answers (one-based) and gives undefined for none', () => {
    const asks = TYPESCRIPT.closedFile;
    assert.ok(asks.kind === 'request');
    assert.equal(asks.command, 'typescript.tsserverRequest');
    assert.deepEqual(asks.requests, ['syntacticDiagnosticsSync', 'semanticDiagnosticsSync']);
    assert.equal(asks.read(undefined), undefined);
    assert.equal(asks.read({ body: 'no' }), undefined);
    assert.deepEqual(
      asks.read({ body: [{ start: { line: 2, offset: 5 }, end: { line: 2, offset: 9 }, text: 'bad', code: 2322, category: 'warning' }, { text: 'no start' }] }),
      [{ range: { start: { line: 1, character: 4 }, end: { line: 1, character: 8 } }, severity: 1, message: 'bad', source: 'ts', code: '2322' }],
    );
  });

  it('keeps the wake’s tables as they were: searches in order, default language ids, the header claim, reserved words', () => {
    assert.deepEqual(
      WAKE_SEARCHES.map((s) => (s.kind === 'configs' ? s.configs : s.kind === 'compileDatabase' ? s.databases : s.markers)),
      [
        '**/{tsconfig,jsconfig}.json',
        '**/compile_commands.json',
        '**/go.mod',
        '**/{pyproject.toml,setup.py,setup.cfg}',
        '**/Cargo.toml',
        '**/{pom.xml,build.gradle,build.gradle.kts}',
      ],
    );
    assert.deepEqual(
      Object.entries(DEFAULT_LANGUAGES).sort(),
      Object.entries({
        '.ts': 'typescript',
        '.mts': 'typescript',
        '.cts': 'typescript',
        '.tsx': 'typescriptreact',
        '.js': 'javascript',
        '.mjs': 'javascript',
        '.cjs': 'javascript',
        '.jsx': 'javascriptreact',
        '.py': 'python',
        '.go': 'go',
        '.rs': 'rust',
        '.java': 'java',
        '.kt': 'kotlin',
        '.c': 'c',
        '.cc': 'cpp',
        '.cpp': 'cpp',
        '.cxx': 'cpp',
        '.c++': 'cpp',
        '.h': 'cpp',
        '.hpp': 'cpp',
        '.m': 'objective-c',
        '.mm': 'objective-cpp',
      }).sort(),
    );
    assert.deepEqual(CLAIMED_LANGUAGES, { '.h': 'cpp' });
    const extra = ['def', 'elif', 'fn', 'func', 'struct', 'final', 'lambda', 'pass', 'None', 'nil', 'go', 'defer', 'chan', 'impl', 'pub', 'mut'];
    assert.deepEqual([...RESERVED_SOMEWHERE].sort(), [...new Set([...(TYPESCRIPT.keywords ?? []), ...extra])].sort());
    for (const word of ['default', 'type', 'new', 'class']) assert.ok(RESERVED_SOMEWHERE.has(word), word);
  });
});
