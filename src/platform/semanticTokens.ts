// The semantic tokens around one line and their legend, for the language-aware keyword Note: what
// the editor knows about a word (a `keyword` token, or a `variable`, `property`, `parameter`…).
import * as vscode from 'vscode';

const RANGE_LEGEND = 'vscode.provideDocumentRangeSemanticTokensLegend';
const RANGE_TOKENS = 'vscode.provideDocumentRangeSemanticTokens';
const DOCUMENT_LEGEND = 'vscode.provideDocumentSemanticTokensLegend';
const DOCUMENT_TOKENS = 'vscode.provideDocumentSemanticTokens';

async function run(command: string, ...args: unknown[]): Promise<unknown> {
  // A provider that fails is one that says nothing about the word.
  return vscode.commands.executeCommand<unknown>(command, ...args).then(undefined, () => undefined);
}

/**
 * The line's tokens from a range provider when there is one (cheap), else the whole document's.
 * Each legend comes with the tokens of its own kind of provider; undefined when neither answers.
 */
export async function semanticTokensAround(uri: string, line: number): Promise<{ legend: unknown; tokens: unknown } | undefined> {
  const document = vscode.Uri.parse(uri, true);
  const rangeLegend = await run(RANGE_LEGEND, document);
  if (rangeLegend !== undefined && rangeLegend !== null) {
    const tokens = await run(RANGE_TOKENS, document, new vscode.Range(line, 0, line + 1, 0));
    if (tokens !== undefined && tokens !== null) return { legend: rangeLegend, tokens };
  }
  const legend = await run(DOCUMENT_LEGEND, document);
  if (legend === undefined || legend === null) return undefined;
  const tokens = await run(DOCUMENT_TOKENS, document);
  return tokens === undefined || tokens === null ? undefined : { legend, tokens };
}
