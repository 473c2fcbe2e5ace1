// The VS Code command behind each question: the platform runs it, the benchmark calls it raw.
import type { HierarchyDirection, HierarchyKind } from './ports';
import type { LspOperation } from './result';

export const PROVIDER_COMMAND: Readonly<Record<LspOperation, string>> = {
  goToDefinition: 'vscode.executeDefinitionProvider',
  findReferences: 'vscode.executeReferenceProvider',
  goToImplementation: 'vscode.executeImplementationProvider',
  hover: 'vscode.executeHoverProvider',
};

export const WORKSPACE_SYMBOLS_COMMAND = 'vscode.executeWorkspaceSymbolProvider';
export const DOCUMENT_SYMBOLS_COMMAND = 'vscode.executeDocumentSymbolProvider';

export const PREPARE_HIERARCHY_COMMAND: Readonly<Record<HierarchyKind, string>> = {
  call: 'vscode.prepareCallHierarchy',
  type: 'vscode.prepareTypeHierarchy',
};

export const HIERARCHY_COMMAND: Readonly<Record<HierarchyDirection, string>> = {
  incomingCalls: 'vscode.provideIncomingCalls',
  outgoingCalls: 'vscode.provideOutgoingCalls',
  supertypes: 'vscode.provideSupertypes',
  subtypes: 'vscode.provideSubtypes',
};

/** Which hierarchy a direction walks. */
export function hierarchyKindOf(direction: HierarchyDirection): HierarchyKind {
  return direction === 'incomingCalls' || direction === 'outgoingCalls' ? 'call' : 'type';
}
