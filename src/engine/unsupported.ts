// A request the language server does not support (JSON-RPC -32601 "method not found"; clangd 14
// answers prepareTypeHierarchy so). Contract: that is an answer, not a failure. The tools answer
// "No results." (or the items without what they relate to) with completeness `noProvider` and a
// Note that names the language, the operation and the LSP method, and says what to call instead;
// they never throw LSP_PROVIDER_FAILED for it. Other provider errors still do.
import type { HierarchyDirection, HierarchyKind } from './ports';
import type { LspOperation } from './result';

/** What reaches the extension when a server answers -32601: vscode-languageclient's ResponseError, or its message through VS Code's command. */
export function isUnsupportedRequest(err: unknown): boolean {
  if (typeof err === 'object' && err !== null && (err as { code?: unknown }).code === -32601) return true;
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return /method not found|unhandled method|unsupported method|-32601/i.test(message);
}

/** Thrown out of a readiness loop so that it stops: asking again cannot make a server support a method. */
export class UnsupportedRequest extends Error {
  constructor(readonly method: string) {
    super(`unsupported: ${method}`);
    this.name = 'UnsupportedRequest';
  }
}

export const OPERATION_METHOD: Readonly<Record<LspOperation, string>> = {
  goToDefinition: 'textDocument/definition',
  findReferences: 'textDocument/references',
  goToImplementation: 'textDocument/implementation',
  hover: 'textDocument/hover',
};

export const PREPARE_METHOD: Readonly<Record<HierarchyKind, string>> = {
  call: 'textDocument/prepareCallHierarchy',
  type: 'textDocument/prepareTypeHierarchy',
};

export const DIRECTION_METHOD: Readonly<Record<HierarchyDirection, string>> = {
  incomingCalls: 'callHierarchy/incomingCalls',
  outgoingCalls: 'callHierarchy/outgoingCalls',
  supertypes: 'typeHierarchy/supertypes',
  subtypes: 'typeHierarchy/subtypes',
};

const DIRECTION_WORDS: Readonly<Record<HierarchyDirection, string>> = {
  incomingCalls: 'incoming calls',
  outgoingCalls: 'outgoing calls',
  supertypes: 'supertypes',
  subtypes: 'subtypes',
};

/** What to call instead, in the tools' own terms. */
const OPERATION_INSTEAD: Readonly<Record<LspOperation, string>> = {
  goToDefinition: 'Try lsp_symbols to search for the name, or lsp hover.',
  findReferences: 'Use text search for the name.',
  goToImplementation: 'Try lsp findReferences on the name, or lsp_symbols to search for it.',
  hover: 'Try lsp goToDefinition and read the declaration.',
};

const DIRECTION_INSTEAD: Readonly<Record<HierarchyDirection, string>> = {
  incomingCalls: 'To find the callers, call lsp findReferences on the function.',
  outgoingCalls: 'To find what it calls, read its body and call lsp goToDefinition on each call.',
  supertypes: 'To find them, call lsp goToDefinition on each base type named in its declaration.',
  subtypes: 'To find them, call lsp findReferences on the type (a subtype names it), or lsp goToImplementation.',
};

export function unsupportedOperationNote(languageId: string, operation: LspOperation): string {
  return `the ${languageId} language server does not support ${operation} (${OPERATION_METHOD[operation]}). ${OPERATION_INSTEAD[operation]}`;
}

/** For a hierarchy whose prepare or provide* request is unsupported; `method` is the one the server refused. */
export function unsupportedDirectionNote(languageId: string, direction: HierarchyDirection, method: string, listed: boolean): string {
  const what = listed ? '; the items are listed without them' : '';
  return `the ${languageId} language server does not support ${DIRECTION_WORDS[direction]} (${method})${what}. ${DIRECTION_INSTEAD[direction]}`;
}
