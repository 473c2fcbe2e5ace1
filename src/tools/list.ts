// Every tool, in the order package.json lists them: the one place a new tool is added (its folder,
// then one line in each list below; CONTRIBUTING.md, "Where things live", has the rest: package.json,
// the strings, the tests). The three lists are one list read three ways, so that each bundle takes
// only what it reads (package.json's "sideEffects" lets esbuild drop the rest; esbuild.mjs checks):
//   TOOL_APIS  each folder's api.ts: the activation bundle registers the tools, the twins and the
//              commands from it, and builds the API's members by looping over it;
//   TOOLS      each folder's definition (index.ts): the features bundle (the call path, the transports,
//              the card, the commands and @lsp loop over it);
//   MANIFESTS  each folder's manifest.ts, the descriptions: only the tests read it (VS Code and the
//              MCP listing read package.json's; test/unit/manifest.test.ts checks they agree).
import type { ToolManifest } from '../engine/toolSchema';
import type { AnyToolDefinition } from './definition';
import { LSP_API } from './lsp/api';
import { lspTool } from './lsp';
import { LSP_MANIFEST } from './lsp/manifest';
import { SYMBOLS_API } from './lsp_symbols/api';
import { symbolsTool } from './lsp_symbols';
import { SYMBOLS_MANIFEST } from './lsp_symbols/manifest';
import { HIERARCHY_API } from './lsp_hierarchy/api';
import { hierarchyTool } from './lsp_hierarchy';
import { HIERARCHY_MANIFEST } from './lsp_hierarchy/manifest';
import { DIAGNOSTICS_API } from './lsp_diagnostics/api';
import { diagnosticsTool } from './lsp_diagnostics';
import { DIAGNOSTICS_MANIFEST } from './lsp_diagnostics/manifest';
import { RENAME_API } from './lsp_rename/api';
import { renameTool } from './lsp_rename';
import { RENAME_MANIFEST } from './lsp_rename/manifest';

export const TOOL_APIS = [LSP_API, SYMBOLS_API, HIERARCHY_API, DIAGNOSTICS_API, RENAME_API] as const;

export const TOOLS: readonly AnyToolDefinition[] = [lspTool, symbolsTool, hierarchyTool, diagnosticsTool, renameTool];

export const MANIFESTS: readonly ToolManifest[] = [LSP_MANIFEST, SYMBOLS_MANIFEST, HIERARCHY_MANIFEST, DIAGNOSTICS_MANIFEST, RENAME_MANIFEST];

/** Any tool's api.ts entry, as the list holds them. */
export type ListedToolApi = (typeof TOOL_APIS)[number];
