// The per-language benchmark rows: pyright on click, clangd on cJSON, gopls on gorilla/mux (the
// projects and servers of the language suites, test/host/languages.mjs). For each language, one
// window per cold question (references, symbol search, incoming calls: the tool's first answer
// against the time the raw answer became complete), and one window for the warm ratios.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleClientExtension, ensureLanguage, pyrightServerModule, serverVersions } from '../test/host/languages.mjs';

/** A position by its line's text, so the rows follow the project's code, not fixed numbers. */
function at(folder, file, line, name) {
  const lines = readFileSync(join(folder, file), 'utf8').split('\n');
  const index = lines.findIndex((l) => line.test(l));
  if (index < 0) throw new Error(`${line} not found in ${file}`);
  const column = new RegExp(`\\b${name}\\b`).exec(lines[index]).index;
  return { file_path: file, line: index + 1, character: column + 1 };
}

/** Each language's test-only client extension, test/extensions/lang-<name>. */
export const LANGUAGE_EXTENSIONS = { python: 'pyright', c: 'clangd', go: 'gopls' };

const SPECS = {
  python: {
    title: 'Python (pyright 1.1.414, click 8.1.3)',
    extension: 'lang-pyright',
    references: ['click/exceptions.py', /^class UsageError\(/, 'UsageError'],
    definition: ['click/core.py', /raise UsageError\(message, self\)/, 'UsageError'],
    implementation: undefined,
    symbols: 'Option',
    outline: 'click/exceptions.py',
    calls: ['click/globals.py', /^def resolve_color_default\(/, 'resolve_color_default'],
    diagnostics: 'click/exceptions.py',
  },
  c: {
    title: 'C (clangd 14, cJSON 1.7.15)',
    extension: 'lang-clangd',
    references: ['cJSON.c', /^CJSON_PUBLIC\(cJSON_bool\) cJSON_IsString\(/, 'cJSON_IsString'],
    definition: ['cJSON_Utils.c', /cJSON_Duplicate\(/, 'cJSON_Duplicate'],
    implementation: undefined,
    symbols: 'cJSON_Create',
    outline: 'cJSON.h',
    calls: ['cJSON.c', /^static unsigned parse_hex4\(/, 'parse_hex4'],
    diagnostics: 'cJSON_Utils.c',
  },
  go: {
    title: 'Go (gopls, gorilla/mux 1.8.0)',
    extension: 'lang-gopls',
    references: ['mux.go', /^func NewRouter\(/, 'NewRouter'],
    definition: ['mux_test.go', /fmt\.Println\(Vars\(req\)/, 'Vars'],
    implementation: ['route.go', /^type matcher interface/, 'matcher'],
    symbols: 'Matcher',
    outline: 'route.go',
    calls: ['route.go', /^func \(r \*Route\) addRegexpMatcher\(/, 'addRegexpMatcher'],
    diagnostics: 'route.go',
  },
};

/** The workloads of one language, for bench/run.mjs's `workload(name, options)`; `diagnosticsOnly`: lsp_diagnostics' window alone. */
export function languageWorkloads(id, repo, diagnosticsOnly = false) {
  const spec = SPECS[id];
  const { folder } = ensureLanguage(id);
  const extension = join(repo, 'test', 'extensions', spec.extension);
  const base = { folder, testExtensions: () => [bundleClientExtension(extension)], env: { LSP_TOOL_PYRIGHT: pyrightServerModule() } };
  const refs = at(folder, ...spec.references);
  const calls = at(folder, ...spec.calls);
  const search = { kind: 'symbols', label: `search ${spec.symbols}`, query: spec.symbols, wake: spec.outline };
  const cold = [
    ['references', { kind: 'references', label: `findReferences ${spec.references[2]}`, ...refs }],
    ['symbols', { ...search, alone: 'tool' }],
    ['symbols-raw', { ...search, alone: 'raw' }],
    ['calls', { kind: 'calls', label: `incomingCalls ${spec.calls[2]}`, ...calls }],
  ].map(([name, question]) => [`${id}-cold-${name}`, { ...base, queries: [], parts: 'coldComplete', cold: question }]);
  const queries = [
    { label: `references ${spec.references[2]}`, operation: 'findReferences', ...refs },
    { label: `definition ${spec.definition[2]}`, operation: 'goToDefinition', ...at(folder, ...spec.definition) },
    ...(spec.implementation
      ? [{ label: `implementation ${spec.implementation[2]}`, operation: 'goToImplementation', ...at(folder, ...spec.implementation) }]
      : []),
    { label: `hover ${spec.references[2]}`, operation: 'hover', ...refs },
  ];
  const warm = [
    `${id}-warm`,
    {
      ...base,
      queries,
      symbols: [
        { label: `search ${spec.symbols}`, query: spec.symbols },
        { label: `outline ${spec.outline}`, file_path: spec.outline },
      ],
      hierarchy: [{ label: `callers ${spec.calls[2]}`, direction: 'incomingCalls', ...calls, deep: 2 }],
      parts: 'warm,symbols,hierarchy',
    },
  ];
  // lsp_diagnostics: a write on disk to the first answer that shows it, against the server's own publish (a window of its own).
  const diagnostics = [`${id}-diagnostics`, { ...base, queries: [], parts: 'diagnostics', env: { ...base.env, LSP_TOOL_BENCH_DIAGNOSTICS: spec.diagnostics } }];
  return { title: spec.title, workloads: diagnosticsOnly ? [diagnostics] : [...cold, warm, diagnostics] };
}

export const LANGUAGE_IDS = Object.keys(SPECS);
export { serverVersions };
