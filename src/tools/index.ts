// Every tool, in the order package.json lists them: the one list the wiring, the transports and the
// manifest check loop over. A new tool is a new folder here and one entry in this list.
import type { AnyToolDefinition } from './definition';
import { lspTool } from './lsp';
import { hierarchyTool } from './lsp_hierarchy';
import { symbolsTool } from './lsp_symbols';

export const TOOLS: readonly AnyToolDefinition[] = [lspTool, symbolsTool, hierarchyTool];

/** A tool as a transport lists it (MCP tools/list): its name, what the model reads, its input schema. */
export interface ToolListing {
  name: string;
  description: string;
  inputSchema: AnyToolDefinition['manifest']['inputSchema'];
}

export function toolListing(tools: readonly AnyToolDefinition[] = TOOLS): ToolListing[] {
  return tools.map(({ manifest }) => ({ name: manifest.name, description: manifest.modelDescription, inputSchema: manifest.inputSchema }));
}
