// A tool as a transport lists it (MCP tools/list), from its manifest entry: what the model reads.
import type { ToolInputSchema, ToolManifest } from '../engine/toolSchema';

/** A tool as a transport lists it (MCP tools/list): its name, what the model reads, its input schema. */
export interface ToolListing {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
}

export function toolListing(manifests: readonly ToolManifest[]): ToolListing[] {
  return manifests.map((m) => ({ name: m.name, description: m.modelDescription, inputSchema: m.inputSchema }));
}
