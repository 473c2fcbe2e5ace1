// The VS Code command behind each operation: the platform runs it, the benchmark calls it raw.
import type { LspOperation } from './result';

export const PROVIDER_COMMAND: Readonly<Record<LspOperation, string>> = {
  goToDefinition: 'vscode.executeDefinitionProvider',
  findReferences: 'vscode.executeReferenceProvider',
  goToImplementation: 'vscode.executeImplementationProvider',
  hover: 'vscode.executeHoverProvider',
};
