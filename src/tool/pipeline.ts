// parse -> resolve -> open -> seam -> render: the one query path every surface shares.
import * as vscode from 'vscode';
import { createBudget } from '../seam/budget';
import type { LspLocation, LspOperation, LspPosition, LspQueryResult } from '../seam/types';
import type { VscodeSeam } from '../seam/vscodeSeam';
import type { LspToolSettings } from '../configValues';
import { resolveFile, type ResolvedFile } from '../workspace/resolveFile';
import { LspToolError } from './errors';
import { parseLspArgs } from './parse';
import { alignToCodePoint, describeIdentifiers, identifierAt, snapToSymbol } from './position';
import { formatHover, formatLocations } from './render';
import { readLines } from '../workspace/lines';
import { workspaceRoots } from '../workspace/roots';

export interface QueryOutcome {
  /** The canonical value (zero-based, uncapped). */
  result: LspQueryResult;
  /** What the model reads. */
  text: string;
  operation: LspOperation;
  /** The one-based arguments as the caller wrote them (for titles). */
  input: { operation: LspOperation; file_path: string; line: number; character: number };
  uri: vscode.Uri;
  /** Zero-based position actually queried (after snapping). */
  position: LspPosition;
  notes: string[];
  /** Source lines already read for the text's previews, so other views need not read them again. */
  sourceLines: ReadonlyMap<string, string[]>;
}

export interface PipelineDeps {
  seam: VscodeSeam;
  settings: () => LspToolSettings;
  log: vscode.LogOutputChannel;
}

export class QueryPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  /** `resolved`: the file as prepareInvocation just resolved it, to skip a second resolution. */
  async execute(input: unknown, token?: vscode.CancellationToken, resolved?: ResolvedFile): Promise<QueryOutcome> {
    const args = parseLspArgs(input);
    const settings = this.deps.settings();
    const budget = createBudget(settings.timeoutMs, token);
    try {
      const file = resolved ?? (await budget.race(resolveFile(args.filePath)));
      if (!file.inside && settings.outsideWorkspace === 'deny') {
        throw new LspToolError(
          'LSP_OUTSIDE_WORKSPACE_DENIED',
          `file_path "${args.filePath}" is outside every workspace folder and lspTool.outsideWorkspace is "deny". Query a file inside the workspace.`,
        );
      }
      const document = await budget.race(vscode.workspace.openTextDocument(file.uri));
      const notes: string[] = [];
      const position = this.checkPosition(document, args.position, args.filePath);
      let queried = position;
      if (args.symbol !== undefined) {
        const snapped = snapToSymbol((n) => (n < document.lineCount ? document.lineAt(n).text : undefined), position, args.symbol);
        if (snapped === undefined) {
          notes.push(`symbol "${args.symbol}" was not found within 5 lines of line ${position.line + 1}; queried the given position.`);
        } else if (snapped.line !== position.line || snapped.character !== position.character) {
          queried = snapped;
          notes.push(`moved to "${args.symbol}" at ${snapped.line + 1}:${snapped.character + 1} (asked for ${position.line + 1}:${position.character + 1}).`);
        }
      }
      const answer = await this.deps.seam.query(
        { operation: args.operation, document, position: new vscode.Position(queried.line, queried.character) },
        budget,
      );
      const { result } = answer;
      if (answer.malformed > 0) notes.push(`${answer.malformed} malformed provider entr${answer.malformed === 1 ? 'y was' : 'ies were'} dropped.`);
      if (result.completeness === 'partial') {
        notes.push('the language server was still loading when the time budget ran out; these results may be partial. Call again for the complete answer.');
      }
      if (result.completeness === 'noProvider') {
        notes.push(`no language provider answered for language id "${document.languageId}". Install an extension with language features for it, or use text search.`);
      }
      const empty = result.kind === 'locations' ? result.locations.length === 0 : result.hover === null;
      const lineText = document.lineAt(queried.line).text;
      if (empty && result.completeness !== 'noProvider' && !identifierAt(lineText, queried.character)) {
        const ids = describeIdentifiers(lineText);
        notes.push(
          ids === ''
            ? `no identifier at ${queried.line + 1}:${queried.character + 1}, and line ${queried.line + 1} has none.`
            : `no identifier at ${queried.line + 1}:${queried.character + 1}. Identifiers on line ${queried.line + 1}: ${ids}.`,
        );
      }
      const sourceLines = new Map<string, string[]>();
      const text = await this.render(result, settings, notes, sourceLines, budget.race.bind(budget));
      this.deps.log.trace(`${args.operation} ${file.uri.toString()}:${queried.line + 1}:${queried.character + 1} -> ${result.completeness}, waited ${answer.waitedMs}ms`);
      const input = { operation: args.operation, file_path: args.filePath, line: args.position.line + 1, character: args.position.character + 1 };
      return { result, text, operation: args.operation, input, uri: file.uri, position: queried, notes, sourceLines };
    } finally {
      budget.dispose();
    }
  }

  private checkPosition(document: vscode.TextDocument, position: LspPosition, rawPath: string): LspPosition {
    if (position.line >= document.lineCount) {
      throw new LspToolError(
        'LSP_POSITION_OUT_OF_RANGE',
        `line ${position.line + 1} is past the end of "${rawPath}", which has ${document.lineCount} line${document.lineCount === 1 ? '' : 's'}. Pass a line from 1 to ${document.lineCount}.`,
      );
    }
    const text = document.lineAt(position.line).text;
    if (position.character > text.length) {
      throw new LspToolError(
        'LSP_POSITION_OUT_OF_RANGE',
        `character ${position.character + 1} is past the end of line ${position.line + 1}, which has ${text.length} UTF-16 code units. Pass a character from 1 to ${text.length + 1}.`,
      );
    }
    return { line: position.line, character: alignToCodePoint(text, position.character) };
  }

  private async render(
    result: LspQueryResult,
    settings: LspToolSettings,
    notes: string[],
    sourceLines: Map<string, string[]>,
    race: <T>(work: PromiseLike<T>) => Promise<T>,
  ): Promise<string> {
    if (result.kind === 'hover') return formatHover(result.hover, settings.maxResultChars, notes);
    let preview: ((location: LspLocation) => string | undefined) | undefined;
    if (settings.linePreview) {
      const shown = result.locations.slice(0, settings.maxLocations);
      for (const [uri, lines] of await race(readLines(shown.map((l) => l.uri)))) sourceLines.set(uri, lines);
      preview = (location) => sourceLines.get(location.uri)?.[location.range.start.line];
    }
    return formatLocations(result.locations, {
      resolvedWorkspaceUri: result.resolvedWorkspaceUri,
      roots: workspaceRoots(),
      maxLocations: settings.maxLocations,
      maxResultChars: settings.maxResultChars,
      preview,
      notes,
    });
  }
}
