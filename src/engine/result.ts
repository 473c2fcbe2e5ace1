// The canonical value: plain data, zero-based UTF-16 positions, uncapped.
export type LspOperation = 'goToDefinition' | 'findReferences' | 'goToImplementation' | 'hover';

export const LSP_OPERATIONS: readonly LspOperation[] = ['goToDefinition', 'findReferences', 'goToImplementation', 'hover'];

import type { LspLocation, LspRange } from '../text/coordinates';

export type { LspLocation, LspPosition, LspRange } from '../text/coordinates';

export interface LspHover {
  contents: string;
  range?: LspRange;
}

/** complete: answers agreed; partial: the budget ran out while answers still changed; noProvider: nothing answered. */
export type Completeness = 'complete' | 'partial' | 'noProvider';

export interface LocationsResult {
  kind: 'locations';
  locations: LspLocation[];
  resolvedWorkspaceUri: string;
  completeness: Completeness;
}

export interface HoverResult {
  kind: 'hover';
  hover: LspHover | null;
  completeness: Completeness;
}

export type LspQueryResult = LocationsResult | HoverResult;

/** A symbol as lsp_symbols answers it: `selectionRange` starts at its name, where `lsp` answers for it. */
export interface LspSymbol {
  name: string;
  /** The lower-case SymbolKind name (`class`, `method`, `enummember`, …). */
  kind: string;
  containerName?: string;
  uri: string;
  range: LspRange;
  selectionRange: LspRange;
  /** Only in outlines: the symbols nested in this one. */
  children?: LspSymbol[];
}

export interface SymbolsResult {
  kind: 'symbols';
  /** Workspace matches ranked, or a file's outline (nested), or its symbols that match (ancestors kept). */
  symbols: LspSymbol[];
  resolvedWorkspaceUri: string;
  completeness: Completeness;
}

/** A diagnostic as lsp_diagnostics answers it (zero-based). */
export interface LspDiagnostic {
  uri: string;
  range: LspRange;
  severity: 'error' | 'warning' | 'information' | 'hint';
  message: string;
  source?: string;
  code?: string;
}

/** How each checked file's answer stands (engine/freshDiagnostics.ts). */
export interface CheckedFile {
  uri: string;
  languageId: string;
  freshness: 'fresh' | 'stale' | 'unchecked';
  dirty: boolean;
}

export interface DiagnosticsResult {
  kind: 'diagnostics';
  /** Uncapped, in the order shown: files with errors first, errors first in each. */
  diagnostics: LspDiagnostic[];
  /** Every file this call checked. */
  checked: CheckedFile[];
  resolvedWorkspaceUri: string;
  /** partial: some file could not be shown fresh (its Note names it). */
  completeness: Completeness;
  /**
   * When the files asked about changed: the files that depend on them (engine/changeReach.ts), each
   * checked fresh, and their errors, apart from `diagnostics`.
   */
  caused?: { by: string[]; files: string[]; diagnostics: LspDiagnostic[] };
}
