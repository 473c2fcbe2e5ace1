// The @lsp chat participant: resolves the prompt to a position, calls the `lsp` tool through
// vscode.lm.invokeTool (so the chat view shows the call), and streams clickable locations.
import * as vscode from 'vscode';
import { inputAtCursor } from '../commands/paletteCommands';
import type { Workspace } from '../engine/ports';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import type { LspOperation, LspSymbol } from '../engine/result';
import { Command, ContextKey, Participant } from '../ids';
import { displayPath } from '../text/displayPath';
import { toCardEntry } from '../tools/lsp/card';
import { LSP_MANIFEST } from '../tools/lsp/manifest';
import { isQueryOutcome, sameQueryInput } from '../tools/lsp/query';
import type { RecentHierarchies } from '../tools/lsp_hierarchy/recent';
import type { SymbolsQuery } from '../tools/lsp_symbols/query';
import type { WalkthroughProgress } from '../walkthrough/markUsed';
import { answerHierarchy, SLASH_DIRECTIONS } from './hierarchyParticipant';
import { operationFor, parsePrompt } from './prompt';
import { replyWithSymbols } from './symbolsReply';

export interface ParticipantDeps {
  extensionUri: vscode.Uri;
  outcomes: RecentOutcomes;
  workspace: Workspace;
  walkthrough: WalkthroughProgress;
  symbols: SymbolsQuery;
  /** lsp_hierarchy's outcomes, for /callers, /callees, /supertypes and /subtypes. */
  hierarchies?: RecentHierarchies;
}

const MAX_ANCHORS = 100;

type ToolInput = { operation: LspOperation; file_path: string; line: number; character: number };

function text(value: string): vscode.MarkdownString {
  return new vscode.MarkdownString().appendText(value);
}

async function resolveInput(prompt: string, operation: LspOperation, stream: vscode.ChatResponseStream, deps: ParticipantDeps, token: vscode.CancellationToken): Promise<ToolInput | undefined> {
  const parsed = parsePrompt(prompt);
  switch (parsed.kind) {
    case 'position':
      return { operation, file_path: parsed.filePath, line: parsed.line, character: parsed.character };
    case 'cursor': {
      const input = inputAtCursor(operation);
      if (!input) stream.markdown(vscode.l10n.t('Open a file and put the cursor on a symbol, or ask about `path:line:character` or a symbol name.'));
      return input;
    }
    case 'symbol': {
      stream.progress(vscode.l10n.t('Looking up {0} in the workspace…', parsed.name));
      // The lsp_symbols search: projects loaded on a cold start, names' positions, one per declaration.
      const found = await deps.symbols.execute({ query: parsed.name }, token);
      const seen = new Set<string>();
      const exact = found.result.symbols.filter((s) => {
        const key = `${s.uri}#${s.selectionRange.start.line}`;
        if (s.name !== parsed.name || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (exact.length === 0) {
        stream.markdown(text(vscode.l10n.t('No symbol named {0} was found in the workspace.', parsed.name)));
        return undefined;
      }
      const at = (s: LspSymbol) => ({ line: s.selectionRange.start.line + 1, character: s.selectionRange.start.character + 1 });
      if (exact.length > 1) {
        stream.markdown(text(vscode.l10n.t('{0} symbols are named {1}. Ask again with one of these positions:', exact.length, parsed.name)));
        stream.markdown('\n\n');
        const roots = deps.workspace.roots();
        for (const s of exact) {
          const { line, character } = at(s);
          const where = `${displayPath(s.uri, found.result.resolvedWorkspaceUri, roots)}:${line}:${character}`;
          stream.markdown('- ');
          stream.anchor(new vscode.Location(vscode.Uri.parse(s.uri, true), new vscode.Position(line - 1, character - 1)), where);
          stream.markdown(text(` ${where} (${s.containerName ? vscode.l10n.t('{0} in {1}', s.kind, s.containerName) : s.kind})`));
          stream.markdown('\n');
        }
        return undefined;
      }
      return { operation, file_path: exact[0]!.uri, ...at(exact[0]!) };
    }
    default:
      stream.markdown(text(vscode.l10n.t('Ask about a position (`path:line:character`), a symbol name, or nothing for the cursor. "{0}" is neither.', parsed.text)));
      return undefined;
  }
}

export function register(deps: ParticipantDeps): vscode.Disposable {
  const handler: vscode.ChatRequestHandler = async (request, _context, stream, token) => {
    deps.walkthrough.markUsed(ContextKey.participantUsed);
    if (request.command === 'symbols' || request.command === 'outline') return replyWithSymbols(deps, request.command, request, stream, token);
    const direction = request.command === undefined ? undefined : SLASH_DIRECTIONS[request.command];
    if (direction && deps.hierarchies) {
      const at = await resolveInput(request.prompt, 'goToDefinition', stream, deps, token);
      return at ? answerHierarchy(direction, at, request, stream, token, { outcomes: deps.hierarchies, workspace: deps.workspace }) : { metadata: { direction } };
    }
    const operation = operationFor(request.command);
    const input = await resolveInput(request.prompt, operation, stream, deps, token);
    if (!input) return { metadata: { operation } };
    const before = deps.outcomes.lastId;
    let toolText: string;
    try {
      const result = await vscode.lm.invokeTool(LSP_MANIFEST.name, { input, toolInvocationToken: request.toolInvocationToken }, token);
      toolText = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    } catch (err) {
      stream.markdown(text(err instanceof Error ? err.message : String(err)));
      return { metadata: { operation, error: true } };
    }
    const outcome = deps.outcomes.newestAfter(before, isQueryOutcome, (o) => sameQueryInput(o.input, input));
    if (!outcome) {
      stream.markdown(text(toolText));
      return { metadata: { operation } };
    }
    const { result } = outcome;
    if (result.kind === 'hover') {
      stream.markdown(result.hover ? new vscode.MarkdownString(result.hover.contents) : text(vscode.l10n.t('No hover information.')));
    } else if (result.locations.length === 0) {
      stream.markdown(text(vscode.l10n.t('No results.')));
    } else {
      const lines = await deps.workspace.readLines(result.locations.slice(0, MAX_ANCHORS).map((l) => l.uri), outcome.sourceLines);
      const entry = toCardEntry({
        id: 0, title: '', source: 'participant', operation, notes: [], roots: deps.workspace.roots(),
        result: { ...result, locations: result.locations.slice(0, MAX_ANCHORS) },
        preview: (l) => lines.get(l.uri)?.[l.range.start.line],
      });
      stream.markdown(text(result.locations.length === 1 ? vscode.l10n.t('1 location') : vscode.l10n.t('{0} locations', result.locations.length)));
      if (entry.result.kind === 'locations') {
        for (const group of entry.result.groups) {
          stream.markdown(new vscode.MarkdownString('\n\n').appendText(`${group.path} (${group.rows.length})`).appendMarkdown('\n\n'));
          for (const row of group.rows) {
            const start = new vscode.Position(row.line - 1, row.character - 1);
            stream.markdown('- ');
            stream.anchor(new vscode.Location(vscode.Uri.parse(row.uri ?? group.uri, true), start), `${group.path}:${row.line}:${row.character}`);
            stream.markdown(text(` ${row.line}:${row.character}${row.preview ? `  ${row.preview}` : ''}`));
            stream.markdown('\n');
          }
        }
      }
      if (result.locations.length > MAX_ANCHORS) {
        stream.markdown(text(vscode.l10n.t('… {0} more in the LSP card.', result.locations.length - MAX_ANCHORS)));
        stream.button({ command: Command.showCard, title: vscode.l10n.t('Show the LSP card') });
      }
    }
    for (const note of outcome.notes) stream.markdown(text(`\n${vscode.l10n.t('Note: {0}', note)}\n`));
    return { metadata: { operation, count: result.kind === 'locations' ? result.locations.length : result.hover ? 1 : 0 } };
  };
  const participant = vscode.chat.createChatParticipant(Participant.id, handler);
  participant.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'icon.png');
  return participant;
}
