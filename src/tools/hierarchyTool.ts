// The language-model tool `lsp_hierarchy`: calls and the type tree, several levels in one call.
import type { HierarchyEngine, HierarchyOutcome } from '../engine/hierarchy';
import { hierarchyTitle, type HierarchyToolInput } from '../engine/hierarchyInput';
import { HIERARCHY_TOOL_NAME } from '../ids';
import type { ToolSpec } from './engineTool';

export function hierarchyToolSpec(engine: HierarchyEngine): ToolSpec<HierarchyToolInput, HierarchyOutcome> {
  return {
    name: HIERARCHY_TOOL_NAME,
    title: hierarchyTitle,
    filePath: (input) => input?.file_path,
    execute: (input, token, fit) => engine.execute(input, token, fit),
  };
}
