// Every tool's manifest entry (the descriptions the model reads), in TOOLS' order: what package.json
// says (checked by test/unit/manifest.test.ts) and what a transport lists. Kept apart from TOOLS so
// that the activation bundle carries no description: the MCP bundle reads these.
import type { ToolInputSchema, ToolManifest } from '../engine/toolSchema';
import { LSP_MANIFEST } from './lsp/manifest';
import { HIERARCHY_MANIFEST } from './lsp_hierarchy/manifest';
import { SYMBOLS_MANIFEST } from './lsp_symbols/manifest';

export const MANIFESTS: readonly ToolManifest[] = [LSP_MANIFEST, SYMBOLS_MANIFEST, HIERARCHY_MANIFEST];

/** A tool as a transport lists it (MCP tools/list): its name, what the model reads, its input schema. */
export interface ToolListing {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
}

export function toolListing(manifests: readonly ToolManifest[] = MANIFESTS): ToolListing[] {
  return manifests.map((m) => ({ name: m.name, description: m.modelDescription, inputSchema: m.inputSchema }));
}
