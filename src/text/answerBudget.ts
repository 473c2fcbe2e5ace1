// How much of an answer its reader takes inline, apart from the hard cap (lspTool.maxResultChars):
// Copilot Chat writes a longer text part to a file and hands the model a pointer instead, so an
// answer for it fits its threshold, with the optional parts giving way first (fitLocations.ts).

/** What the reader of one answer inlines; each part is optional, the smallest wins. */
export interface AnswerBudget {
  /** UTF-16 code units one text part may have and still be read inline. */
  chars?: number;
  /** The reader's token budget, with its own tokenizer. */
  tokens?: TokenBudget;
}

export interface TokenBudget {
  budget: number;
  count(text: string): Promise<number>;
}

/** A first guess of a token budget in characters (English and code run about 3–4 per token); the count corrects it. */
const CHARS_PER_TOKEN = 4;
/** A token budget is met within this many renders, each scaled by the last count. */
const TOKEN_ROUNDS = 4;

/** The character limit the budget sets under the hard cap, or undefined when the reader gave none (the cap alone then applies, as the seed does). */
export function budgetChars(budget: AnswerBudget | undefined, cap: number): number | undefined {
  if (budget === undefined) return undefined;
  let limit = cap;
  if (budget.chars !== undefined && budget.chars >= 0) limit = Math.min(limit, Math.floor(budget.chars));
  if (budget.tokens !== undefined && budget.tokens.budget >= 0) limit = Math.min(limit, Math.floor(budget.tokens.budget * CHARS_PER_TOKEN));
  return budget.chars === undefined && budget.tokens === undefined ? undefined : limit;
}

/**
 * Renders within the budget: `render(limit)` must return a text of at most `limit` characters.
 * With a token budget, a text over it is rendered again under a limit scaled by the count.
 */
export async function renderWithin(
  budget: AnswerBudget | undefined,
  cap: number,
  render: (limit: number | undefined) => string | Promise<string>,
): Promise<string> {
  let limit = budgetChars(budget, cap);
  let text = await render(limit);
  const tokens = budget?.tokens;
  if (tokens === undefined || limit === undefined) return text;
  for (let round = 0; round < TOKEN_ROUNDS; round++) {
    // A token is at least one UTF-8 byte: a text of fewer bytes than the budget needs no count (the reader's tokenizer may be slow).
    if (utf8Length(text) <= tokens.budget) return text;
    const count = await tokens.count(text);
    if (count <= tokens.budget || text.length === 0) return text;
    // Proportional, a little under: tokens per character vary along the text.
    const next = Math.min(text.length - 1, Math.floor(((text.length * tokens.budget) / count) * 0.95));
    if (next >= limit) limit--;
    else limit = Math.max(0, next);
    text = await render(limit);
  }
  return text;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // At least the bytes: a surrogate pair (4) counts 6, a lone surrogate (U+FFFD, 3) counts 3.
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
  }
  return bytes;
}
