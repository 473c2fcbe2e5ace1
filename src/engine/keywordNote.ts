// The Note for an empty answer at a position that may touch no symbol, language-aware: a word is
// called a keyword only when the editor says so (its semantic tokens type it `keyword`), or, where
// the editor says nothing, by the keywords of the file's language profile (engine/languages/), which
// only TypeScript's and JavaScript's has. Python `default`, C `type` and Go `new` are identifiers
// there, never keywords.
import type { LspPosition as LinePosition } from '../text/coordinates';
import { describeIdentifiers, identifierAt, type Identifier } from '../text/position';
import type { Budget } from './budget';
import { isRecord } from './rawValues';
import { profileOf, RESERVED_SOMEWHERE } from './languages';
import type { DocumentSnapshot, LanguageFeatures } from './ports';

/** Semantic token types that are no symbol a provider answers for. */
const KEYWORD_TOKEN_TYPES = new Set(['keyword', 'modifier']);

export type WordKind = 'keyword' | 'identifier' | 'unknown';

/**
 * The type (its legend name) of the semantic token that covers a zero-based position, from what
 * `vscode.provide*SemanticTokens` and its legend returned; undefined when either is missing or
 * malformed, or no token covers the position. Tokens are five numbers each: line delta, start
 * delta (from the previous token's start on the same line), length, type index, modifier bits.
 */
export function tokenTypeAt(legend: unknown, tokens: unknown, at: LinePosition): string | undefined {
  if (!isRecord(legend) || !Array.isArray(legend.tokenTypes) || !isRecord(tokens)) return undefined;
  const data = tokens.data as ArrayLike<unknown> | undefined;
  if (data === undefined || typeof data.length !== 'number') return undefined;
  let line = 0;
  let start = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    const [deltaLine, deltaStart, length, type] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
    if (typeof deltaLine !== 'number' || typeof deltaStart !== 'number' || typeof length !== 'number' || typeof type !== 'number') return undefined;
    start = deltaLine === 0 ? start + deltaStart : deltaStart;
    line += deltaLine;
    if (line > at.line) return undefined;
    if (line === at.line && at.character >= start && at.character <= start + length) {
      const name: unknown = legend.tokenTypes[type];
      return typeof name === 'string' ? name : undefined;
    }
  }
  return undefined;
}

/** What the editor says the word is: its semantic token's type, else its language's keywords where its profile lists them. */
export async function wordKind(document: DocumentSnapshot, word: Identifier, line: number, features: LanguageFeatures, budget: Budget): Promise<WordKind> {
  const raw = await budget.race(features.semanticTokens(document.uri, line).catch(() => undefined));
  const type = raw === undefined ? undefined : tokenTypeAt(raw.legend, raw.tokens, { line, character: word.start });
  if (type !== undefined) return KEYWORD_TOKEN_TYPES.has(type) ? 'keyword' : 'identifier';
  const keywords = profileOf(document.languageId).keywords;
  if (keywords === undefined) return 'unknown';
  // `node.type`: a name after a member access is a property, whatever the word.
  const before = document.lineText(line).slice(0, word.start).trimEnd();
  return keywords.has(word.name) && !before.endsWith('.') ? 'keyword' : 'identifier';
}

/**
 * For an empty answer: where the line's identifiers are, when the position touches none, or a word
 * the editor calls a keyword. A word of unknown kind that some language reserves gets the list
 * without the claim; any other word is a symbol, and its empty answer is just that.
 */
export async function offSymbolNote(document: DocumentSnapshot, at: LinePosition, features: LanguageFeatures, budget: Budget): Promise<string | undefined> {
  const lineText = document.lineText(at.line);
  const ids = describeIdentifiers(lineText);
  const where = `${at.line + 1}:${at.character + 1}`;
  const word = identifierAt(lineText, at.character);
  if (word === undefined) {
    return ids === ''
      ? `no identifier at ${where}, and line ${at.line + 1} has none.`
      : `no identifier at ${where}. Identifiers on line ${at.line + 1}: ${ids}.`;
  }
  const kind = await wordKind(document, word, at.line, features, budget);
  if (kind === 'keyword') return `"${word.name}" at ${where} is a keyword, not a symbol. Identifiers on line ${at.line + 1}: ${ids}.`;
  if (kind === 'unknown' && RESERVED_SOMEWHERE.has(word.name))
    return `nothing answered for "${word.name}" at ${where}. Identifiers on line ${at.line + 1}: ${ids}.`;
  return undefined;
}
