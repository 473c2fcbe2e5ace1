// Where VS Code cannot tell "no provider" from "no result": `vscode.executeImplementationProvider`
// answers [] both when no extension registered an implementation provider for the language
// (pyright has none) and when there is no implementation. The providers extensions register are
// not queryable, nor is a language client's server capabilities. So an empty answer is stated as a
// fact only for a language whose implementation provider is known to exist: VS Code's built-in
// TypeScript extension registers one for its languages (their profile's implementationProvider),
// and any language whose provider has answered something in this window has one. Elsewhere the
// text says what it cannot know.
import { profileOf } from './languages';

export class ImplementationEvidence {
  private readonly answered = new Set<string>();

  /** An implementation provider answered with at least one location for this language. */
  record(languageId: string): void {
    this.answered.add(languageId);
  }

  known(languageId: string): boolean {
    return profileOf(languageId).implementationProvider || this.answered.has(languageId);
  }
}

function cannotTell(languageId: string): string {
  return `VS Code cannot tell an empty answer from a missing provider, and no implementation provider has answered for language id "${languageId}" in this window: its language server may have none`;
}

/** For an empty goToImplementation on a language without a known implementation provider. */
export function unknownImplementationNote(languageId: string, name: string | undefined): string {
  const on = name === undefined ? 'the name' : `"${name}"`;
  return `${cannotTell(languageId)}. To find implementations, call lsp findReferences on ${on} (implementations name what they implement), or search with lsp_symbols.`;
}

/** For the subtypes fallback that found none through an implementation provider not known to exist. */
export function unknownSubtypesNote(languageId: string, name: string): string {
  return `${cannotTell(languageId)}, so "(no subtypes)" is not known to be true. To find subtypes, call lsp findReferences on "${name}" (a subtype names it), or search with lsp_symbols.`;
}
