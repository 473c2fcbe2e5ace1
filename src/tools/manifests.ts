// Every tool's manifest entry (the descriptions the model reads), in TOOLS' order: what package.json
// says, checked by test/unit/manifest.test.ts. Kept apart from TOOLS, so that no bundle carries the
// descriptions twice: VS Code reads package.json's, and the MCP server lists those (src/mcp/start.ts).
import type { ToolManifest } from '../engine/toolSchema';
import { LSP_MANIFEST } from './lsp/manifest';
import { HIERARCHY_MANIFEST } from './lsp_hierarchy/manifest';
import { SYMBOLS_MANIFEST } from './lsp_symbols/manifest';
import { DIAGNOSTICS_MANIFEST } from './lsp_diagnostics/manifest';

export const MANIFESTS: readonly ToolManifest[] = [LSP_MANIFEST, SYMBOLS_MANIFEST, HIERARCHY_MANIFEST, DIAGNOSTICS_MANIFEST];
