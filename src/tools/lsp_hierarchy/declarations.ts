// The declarations lsp_hierarchy reads from document symbols: the class or interface at a position
// (where a type hierarchy should have been prepared) and the declarations an implementation
// provider's locations stand in (the subtypes fallback).
import type { Budget } from '../../engine/budget';
import { LspToolError } from '../../engine/errors';
import type { HierarchyItem } from '../../engine/hierarchyResult';
import { normalizeLocations } from '../../engine/normalize';
import { flattenDocumentSymbols, type FlatSymbol } from '../../engine/normalizeSymbols';
import type { LanguageFeatures } from '../../engine/ports';
import type { LspPosition, LspRange } from '../../engine/result';

/** The kinds of declaration a type hierarchy is about. */
export const TYPE_KINDS = new Set(['class', 'interface', 'struct', 'enum']);

/** Whether `at` lies inside `range`, its ends included. */
function covers(range: LspRange, at: LspPosition): boolean {
  const afterStart = at.line > range.start.line || (at.line === range.start.line && at.character >= range.start.character);
  const beforeEnd = at.line < range.end.line || (at.line === range.end.line && at.character <= range.end.character);
  return afterStart && beforeEnd;
}

/** One call's view of the documents' declarations: each document's symbols are asked for once. */
export class Declarations {
  private readonly symbols = new Map<string, Promise<FlatSymbol[]>>();

  constructor(
    private readonly features: LanguageFeatures,
    private readonly budget: Budget,
  ) {}

  /** The class or interface at a position (its declaration, or the one a reference there goes to): where a type hierarchy should have been prepared. */
  async typeAt(uri: string, at: LspPosition): Promise<HierarchyItem | undefined> {
    const here = await this.declarationAt(uri, at);
    if (here) return here;
    const definitions = normalizeLocations(await this.budget.race(this.features.atPosition('goToDefinition', uri, at).catch(() => []))).locations;
    const [first] = definitions;
    return first ? this.declarationAt(first.uri, first.range.start) : undefined;
  }

  /**
   * The innermost class-like declaration whose name covers `at`, as an item; with `anyKind`, also a
   * declaration of another kind whose name (a selection range exactly as long as it) is there: an
   * anonymous function's symbol (`<function>`, `operate() callback`) is a value, not a subtype.
   */
  async declarationAt(uri: string, at: LspPosition, anyKind = false): Promise<HierarchyItem | undefined> {
    const named = (s: FlatSymbol): boolean =>
      s.selectionRange.start.line === s.selectionRange.end.line && s.selectionRange.end.character - s.selectionRange.start.character === s.name.length;
    const symbols = (await this.symbolsOf(uri)).filter((s) => (TYPE_KINDS.has(s.kind) || (anyKind && named(s))) && covers(s.selectionRange, at));
    const symbol = symbols[symbols.length - 1];
    if (!symbol) return undefined;
    const item: HierarchyItem = { name: symbol.name, kind: symbol.kind, uri, range: symbol.range, selectionRange: symbol.selectionRange };
    if (symbol.detail !== undefined) item.detail = symbol.detail;
    return item;
  }

  private symbolsOf(uri: string): Promise<FlatSymbol[]> {
    let symbols = this.symbols.get(uri);
    if (!symbols) {
      symbols = this.budget.race(this.features.documentSymbols(uri)).then(flattenDocumentSymbols, (err: unknown) => {
        if (err instanceof LspToolError) throw err;
        return [];
      });
      this.symbols.set(uri, symbols);
    }
    return symbols;
  }
}
