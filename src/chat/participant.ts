// The @lsp chat participant: resolves the prompt to a position, calls the `lsp` tool through
// vscode.lm.invokeTool (so the chat view shows the call), and streams clickable locations.
import * as vscode from 'vscode';
import { cursorAt, type CursorAt } from '../commands/atCursor';
import type { Workspace } from '../engine/ports';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import type { RecentHierarchies } from '../tools/lsp_hierarchy/recent';
import type { LspOperation, LspSymbol } from '../engine/result';
import type { SymbolsEngine } from '../tools/lsp_symbols/engine';
import { ContextKey } from '../ids';
import { LSP_SCHEMA } from '../tools/lsp/schema';
import { isQueryOutcome, sameQueryInput } from '../tools/lsp/engine';
import { groupLocations } from '../tools/lsp/locationGroups';
import { displayPath } from '../text/displayPath';
import { declarationsNamed } from '../engine/symbolRank';
import type { AnyToolDefinition } from '../tools/definition';
import type { WalkthroughProgress } from '../walkthrough/markUsed';
import { answerHierarchy, SLASH_DIRECTIONS } from './hierarchyParticipant';
import { operationFor, parsePrompt } from './prompt';
import { callTool, ChatReply, MAX_ANCHORS } from './reply';
import { replyWithSymbols } from './symbolsReply';
import { replyWithTool, toolWithChat } from './toolReply';

export interface ParticipantDeps {
  outcomes: RecentOutcomes;
  workspace: Workspace;
  walkthrough: WalkthroughProgress;
  symbols: SymbolsEngine;
  /** lsp_hierarchy's outcomes, for /callers, /callees, /supertypes and /subtypes. */
  hierarchies?: RecentHierarchies;
  /** Every tool: one whose definition has a `chat` answers its own slash command (chat/toolReply.ts). */
  tools: readonly AnyToolDefinition[];
}

/** The position the prompt asks about, or undefined (after saying what to ask) when there is none. */
async function resolvePosition(prompt: string, reply: ChatReply, deps: ParticipantDeps, token: vscode.CancellationToken): Promise<CursorAt | undefined> {
  const parsed = parsePrompt(prompt);
  switch (parsed.kind) {
    case 'position':
      return { file_path: parsed.filePath, line: parsed.line, character: parsed.character };
    case 'cursor': {
      const at = cursorAt();
      if (!at) reply.markdown(vscode.l10n.t('Open a file and put the cursor on a symbol, or ask about `path:line:character` or a symbol name.'));
      return at;
    }
    case 'symbol': {
      reply.progress(vscode.l10n.t('Looking up {0} in the workspace…', parsed.name));
      // The lsp_symbols search: projects loaded on a cold start, names' positions, one per declaration.
      const found = await deps.symbols.execute({ query: parsed.name }, token);
      const exact = declarationsNamed(found.result.symbols, parsed.name);
      if (exact.length === 0) {
        reply.text(vscode.l10n.t('No symbol named {0} was found in the workspace.', parsed.name));
        return undefined;
      }
      const at = (s: LspSymbol) => ({ line: s.selectionRange.start.line + 1, character: s.selectionRange.start.character + 1 });
      if (exact.length > 1) {
        reply.text(vscode.l10n.t('{0} symbols are named {1}. Ask again with one of these positions:', exact.length, parsed.name));
        reply.markdown('\n\n');
        const roots = deps.workspace.roots();
        for (const s of exact) {
          const { line, character } = at(s);
          const where = `${displayPath(s.uri, found.result.resolvedWorkspaceUri, roots)}:${line}:${character}`;
          reply.row({
            uri: s.uri,
            line: line - 1,
            character: character - 1,
            label: where,
            detail: `${where} (${s.containerName ? vscode.l10n.t('{0} in {1}', s.kind, s.containerName) : s.kind})`,
          });
        }
        return undefined;
      }
      return { file_path: exact[0]!.uri, ...at(exact[0]!) };
    }
    default:
      reply.text(vscode.l10n.t('Ask about a position (`path:line:character`), a symbol name, or nothing for the cursor. "{0}" is neither.', parsed.text));
      return undefined;
  }
}

async function answerPosition(
  operation: LspOperation,
  request: vscode.ChatRequest,
  reply: ChatReply,
  deps: ParticipantDeps,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const at = await resolvePosition(request.prompt, reply, deps, token);
  if (!at) return { metadata: { operation } };
  const input = { operation, ...at };
  const called = await callTool(reply, LSP_SCHEMA.name, input, request, token, {
    lastId: deps.outcomes.lastId,
    find: (before) => deps.outcomes.newestAfter(before, isQueryOutcome, (o) => sameQueryInput(o.input, input)),
  });
  if ('failed' in called) return { metadata: { operation, error: true } };
  if ('text' in called) {
    reply.text(called.text);
    return { metadata: { operation } };
  }
  const { outcome } = called;
  const { result } = outcome;
  if (result.kind === 'hover') {
    reply.markdown(
      result.hover ? new vscode.MarkdownString(result.hover.contents) : new vscode.MarkdownString().appendText(vscode.l10n.t('No hover information.')),
    );
  } else if (result.locations.length === 0) {
    reply.text(vscode.l10n.t('No results.'));
  } else {
    const shown = result.locations.slice(0, MAX_ANCHORS);
    const lines = await deps.workspace.readLines(
      shown.map((l) => l.uri),
      outcome.sourceLines,
    );
    const groups = groupLocations(shown, result.resolvedWorkspaceUri, deps.workspace.roots(), (l) => lines.get(l.uri)?.[l.range.start.line]);
    reply.text(result.locations.length === 1 ? vscode.l10n.t('1 location') : vscode.l10n.t('{0} locations', result.locations.length));
    for (const group of groups) {
      reply.group(group.path, group.rows.length);
      for (const row of group.rows) {
        const label = `${group.path}:${row.line}:${row.character}`;
        reply.row({
          uri: row.uri ?? group.uri,
          line: row.line - 1,
          character: row.character - 1,
          label,
          detail: `${row.line}:${row.character}${row.preview ? `  ${row.preview}` : ''}`,
        });
      }
    }
    reply.more(result.locations.length - shown.length);
  }
  reply.notes(outcome.notes);
  return { metadata: { operation, count: result.kind === 'locations' ? result.locations.length : result.hover ? 1 : 0 } };
}

/** The @lsp participant's handler (the activation bundle creates the participant: src/activation/registrations.ts). */
export function participantHandler(deps: ParticipantDeps): vscode.ChatRequestHandler {
  return async (request, _context, stream, token) => {
    deps.walkthrough.markUsed(ContextKey.participantUsed);
    const reply = new ChatReply(stream);
    if (request.command === 'symbols' || request.command === 'outline') return replyWithSymbols(deps, request.command, request, reply, token);
    const own = toolWithChat(deps.tools, request.command);
    if (own) return replyWithTool(deps, own, request, reply, token);
    const direction = request.command === undefined ? undefined : SLASH_DIRECTIONS[request.command];
    if (direction && deps.hierarchies) {
      const at = await resolvePosition(request.prompt, reply, deps, token);
      return at
        ? answerHierarchy(direction, at, request, reply, token, { outcomes: deps.hierarchies, workspace: deps.workspace })
        : { metadata: { direction } };
    }
    return answerPosition(operationFor(request.command), request, reply, deps, token);
  };
}
