// Every tool's API names, in TOOLS' order (checked by test/unit/manifest.test.ts): the activation
// bundle registers the tools, their twins and their commands from this list before the features load.
import { LSP_API } from './lsp/api';
import { HIERARCHY_API } from './lsp_hierarchy/api';
import { SYMBOLS_API } from './lsp_symbols/api';
import { DIAGNOSTICS_API } from './lsp_diagnostics/api';

export interface ToolApiNames {
  /** The tool's name (its schema's). */
  name: string;
  /** The API field of its structured twin (the value, not the text). */
  twin: string;
  /** The API field of the registered language-model tool. */
  tool: string;
  /** The command that runs the twin from scripts. */
  command: string;
}

export const TOOL_APIS: readonly ToolApiNames[] = [LSP_API, SYMBOLS_API, HIERARCHY_API, DIAGNOSTICS_API];
