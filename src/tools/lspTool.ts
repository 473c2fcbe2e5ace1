// The language-model tool `lsp`: the original four operations at a position.
import type { QueryEngine, QueryOutcome } from '../engine/queryEngine';
import { invocationTitle } from '../engine/title';
import type { LspToolInput } from '../engine/toolInput';
import { TOOL_NAME } from '../ids';
import type { ToolSpec } from './engineTool';

export function lspToolSpec(engine: QueryEngine): ToolSpec<LspToolInput, QueryOutcome> {
  return {
    name: TOOL_NAME,
    title: invocationTitle,
    filePath: (input) => input?.file_path,
    execute: (input, token, fit) => engine.execute(input, token, fit),
  };
}
