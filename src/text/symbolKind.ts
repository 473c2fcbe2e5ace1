// VS Code's SymbolKind numbers as the lower-case names the tools print (`class`, `enummember`, …),
// and the codicon the card shows for each.
const NAMES = [
  'file',
  'module',
  'namespace',
  'package',
  'class',
  'method',
  'property',
  'field',
  'constructor',
  'enum',
  'interface',
  'function',
  'variable',
  'constant',
  'string',
  'number',
  'boolean',
  'array',
  'object',
  'key',
  'null',
  'enummember',
  'struct',
  'event',
  'operator',
  'typeparameter',
] as const;

export type SymbolKindName = (typeof NAMES)[number];

/** `vscode.SymbolKind` value -> its lower-case name; anything else is `symbol`. */
export function symbolKindName(kind: unknown): SymbolKindName | 'symbol' {
  return typeof kind === 'number' && Number.isInteger(kind) ? (NAMES[kind] ?? 'symbol') : 'symbol';
}

/** Codicons whose names are not `symbol-` and the kind's name. */
const CODICON = new Map<string, string>([
  ['enummember', 'symbol-enum-member'],
  ['typeparameter', 'symbol-type-parameter'],
]);

/** The codicon of a kind (`symbol-class`, `symbol-enum-member`, …). */
export function symbolKindIcon(kind: string): string {
  return CODICON.get(kind) ?? ((NAMES as readonly string[]).includes(kind) ? `symbol-${kind}` : 'symbol-misc');
}
