// Whether a rename's new name can be a name in the file's language (pure): its profile's identifier
// pattern and reserved words, where the code knows them; any other language's server judges alone.
import { LspToolError } from '../../engine/errors';
import { profileOf } from '../../engine/languages';

/** Throws LSP_INVALID_ARGUMENT when `newName` cannot be a name in `languageId`, or is the name already. */
export function checkNewName(newName: string, oldName: string | undefined, languageId: string): void {
  const identifier = profileOf(languageId).identifier;
  if (identifier !== undefined && !identifier.pattern.test(newName)) {
    throw new LspToolError(
      'LSP_INVALID_ARGUMENT',
      `new_name "${newName}" is not an identifier in ${languageId}. Pass a name made of letters, digits and underscores that does not start with a digit.`,
    );
  }
  if (identifier?.reserved.has(newName) === true) {
    throw new LspToolError('LSP_INVALID_ARGUMENT', `new_name "${newName}" is a reserved word in ${languageId}. Pass another name.`);
  }
  if (newName === oldName) throw new LspToolError('LSP_INVALID_ARGUMENT', `the symbol is named "${newName}" already. Pass the name it should have.`);
}
