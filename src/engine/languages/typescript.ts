// TypeScript and JavaScript: VS Code's built-in TypeScript extension (tsserver), or TypeScript 7
// (`js/ts.experimental.useTsgo`, the native-preview extension), a pull-only language client for the
// same language ids. tsserver answers a closed file's diagnostics through `typescript.tsserverRequest`
// (whose allow-list has the diagnostics requests), since the TypeScript extension checks only the
// files shown in a tab; TypeScript 7 has no such request, so the request fails or gives nothing and
// its published diagnostics are used, as for any server.
import type { RawDiagnostic } from '../ports';
import type { LanguageProfile } from './profile';

/** Words no TypeScript or JavaScript name may be (strict mode's reserved words included). */
const RESERVED: readonly string[] = [
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'implements',
  'interface',
  'let',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'yield',
];

/** TypeScript's and JavaScript's reserved and contextual keywords. */
const KEYWORDS: ReadonlySet<string> = new Set([
  ...RESERVED,
  'abstract',
  'as',
  'async',
  'await',
  'declare',
  'from',
  'is',
  'module',
  'namespace',
  'of',
  'readonly',
  'type',
  'undefined',
]);

const SEVERITIES: Record<string, number> = { error: 0, warning: 1, message: 2, suggestion: 3 };

/** tsserver's answer to a *DiagnosticsSync request (one-based line and offset), or undefined when it gave none. */
function readTsDiagnostics(response: unknown): RawDiagnostic[] | undefined {
  const body = (response as { body?: unknown } | undefined)?.body;
  if (!Array.isArray(body)) return undefined;
  return body.flatMap((item: unknown): RawDiagnostic[] => {
    const d = item as {
      start?: { line?: number; offset?: number };
      end?: { line?: number; offset?: number };
      text?: unknown;
      code?: unknown;
      category?: unknown;
      source?: unknown;
    };
    if (typeof d.text !== 'string' || typeof d.start?.line !== 'number' || typeof d.start.offset !== 'number') return [];
    const start = { line: d.start.line - 1, character: d.start.offset - 1 };
    const end = typeof d.end?.line === 'number' && typeof d.end.offset === 'number' ? { line: d.end.line - 1, character: d.end.offset - 1 } : start;
    const raw: RawDiagnostic = {
      range: { start, end },
      severity: SEVERITIES[String(d.category)] ?? 0,
      message: d.text,
      source: typeof d.source === 'string' ? d.source : 'ts',
    };
    if (typeof d.code === 'number' || typeof d.code === 'string') raw.code = String(d.code);
    return [raw];
  });
}

export const TYPESCRIPT: LanguageProfile = {
  name: 'typescript',
  languageIds: ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'],
  extensions: ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'],
  defaultLanguages: {
    '.ts': 'typescript',
    '.mts': 'typescript',
    '.cts': 'typescript',
    '.tsx': 'typescriptreact',
    '.js': 'javascript',
    '.mjs': 'javascript',
    '.cjs': 'javascript',
    '.jsx': 'javascriptreact',
  },
  keywords: KEYWORDS,
  reservedWords: [...KEYWORDS],
  identifier: { pattern: /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u, reserved: new Set(RESERVED) },
  wake: {
    // tsserver loads a project only for an open file of it: one file of each project.
    searches: [{ kind: 'configs', configs: '**/{tsconfig,jsconfig}.json', sources: '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}' }],
    // tsserver loads the file's own project, which is what a question on the file needs; waking its
    // other projects is left to workspace-wide questions.
    projectsBeforeFileQuestion: false,
    // tsserver blocks its first answer until its project has loaded, rather than answering [].
    emptyWhileStarting: false,
  },
  // Its references grow as a workspace's projects load (docs/performance.md, "What the readiness
  // windows were set from").
  settle: { growsWhileLoading: true },
  closedFile: {
    kind: 'request',
    command: 'typescript.tsserverRequest',
    requests: ['syntacticDiagnosticsSync', 'semanticDiagnosticsSync'],
    source: 'ts',
    read: readTsDiagnostics,
  },
  // VS Code's built-in TypeScript extension registers one for its languages.
  implementationProvider: true,
};
