// A tool as a transport lists it (MCP tools/list), from its manifest entry (what the model reads) and
// its definition's api.ts entry (whether it writes: its hints).
import type { ToolInputSchema, ToolManifest } from '../engine/toolSchema';
import type { ToolApi } from '../tools/definition';

/** MCP's tool annotations: hints an agent uses to run a tool without asking, and in parallel. */
export interface ToolAnnotations {
  /** The title again, for clients of MCP 2025-03-26, which read it only here. */
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/**
 * Every tool only asks the editor's language servers about files it does not change: nothing is
 * written, a repeat gives the same answer, and nothing outside the editor is reached. Codex runs a
 * read-only MCP tool without an approval prompt; Claude Code runs it in plan mode without one.
 */
export const READ_ONLY: Omit<ToolAnnotations, 'title'> = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/**
 * A tool that writes changes files, so an agent asks before it runs; what it writes is an edit a
 * person can undo (not destructive), a repeat may change more (not idempotent), and it still reaches
 * nothing outside the editor. A tool the list does not know is taken as writing.
 */
export const WRITES: Omit<ToolAnnotations, 'title'> = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

/** A tool as a transport lists it (MCP tools/list): its name and title, what the model reads, its input schema, its hints. */
export interface ToolListing {
  name: string;
  /** The manifest's displayName, as VS Code shows it (localized by package.nls*.json). */
  title: string;
  description: string;
  inputSchema: ToolInputSchema;
  annotations: ToolAnnotations;
}

export function toolListing(manifests: readonly ToolManifest[], tools: readonly Pick<ToolApi, 'name' | 'writes'>[]): ToolListing[] {
  const writing = new Map(tools.map((t) => [t.name, t.writes]));
  return manifests.map((m) => ({
    name: m.name,
    title: m.displayName,
    description: m.modelDescription,
    inputSchema: m.inputSchema,
    annotations: { title: m.displayName, ...((writing.get(m.name) ?? true) ? WRITES : READ_ONLY) },
  }));
}
