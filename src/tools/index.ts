// Every tool, in the order package.json lists them: the one list the wiring and the transports loop
// over. A new tool is a new folder here and one entry each in this list, manifests.ts and apis.ts,
// its twin in features.ts and its API members in extension.ts
// (CONTRIBUTING.md, "Where things live", has the rest: package.json, the strings, the tests).
import type { AnyToolDefinition } from './definition';
import { lspTool } from './lsp';
import { hierarchyTool } from './lsp_hierarchy';
import { symbolsTool } from './lsp_symbols';
import { diagnosticsTool } from './lsp_diagnostics';

export const TOOLS: readonly AnyToolDefinition[] = [lspTool, symbolsTool, hierarchyTool, diagnosticsTool];
