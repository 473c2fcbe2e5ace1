// The `lsp_hierarchy` tool: calls and the type tree, several levels in one call.
// Its palette commands are in commands/hierarchyCommands.ts, its @lsp replies in
// chat/hierarchyParticipant.ts, the card's lazy expansion in expand.ts, its hand-off
// to the built-in views in references/hierarchyHandoff.ts.
import { HIERARCHY_API } from './api';
import type { HierarchyResult } from '../../engine/hierarchyResult';
import { inputFields, type ToolDefinition } from '../definition';
import { hierarchyCardBody } from './card';
import { hierarchyTitle, parseHierarchyArgs } from './input';
import { HIERARCHY_SCHEMA } from './schema';
import { HierarchyEngine, isHierarchyOutcome, type HierarchyOutcome } from './engine';

export const hierarchyTool: ToolDefinition<HierarchyEngine, HierarchyOutcome, HierarchyResult> = {
  schema: HIERARCHY_SCHEMA,
  api: HIERARCHY_API,
  parse: parseHierarchyArgs,
  createEngine: (deps) => new HierarchyEngine(deps),
  execute: (engine, input, token, options) => engine.execute(input, token, options),
  structured: (outcome) => outcome.result,
  title: (input) => hierarchyTitle(inputFields(input)),
  filePath: (input) => inputFields(input)?.file_path,
  isOutcome: isHierarchyOutcome,
  cardBody: (outcome, context) =>
    hierarchyCardBody({ result: outcome.result, depth: outcome.input.depth, resolvedWorkspaceUri: outcome.resolvedWorkspaceUri, roots: context.roots }),
};
