// Every tool, in the order package.json lists them: the one list the wiring and the transports loop
// over. A new tool is a new folder here, one entry in this list and one in manifests.ts.
import type { AnyToolDefinition } from './definition';
import { lspTool } from './lsp';
import { hierarchyTool } from './lsp_hierarchy';
import { symbolsTool } from './lsp_symbols';
import { diagnosticsTool } from './lsp_diagnostics';

export const TOOLS: readonly AnyToolDefinition[] = [lspTool, symbolsTool, hierarchyTool, diagnosticsTool];
