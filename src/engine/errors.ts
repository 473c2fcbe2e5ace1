// Coded errors: the message starts with the code, so the model and scripts can branch on it.
export type LspErrorCode =
  | 'LSP_INVALID_ARGUMENT'
  | 'LSP_WORKSPACE_REQUIRED'
  | 'LSP_FILE_NOT_FOUND'
  | 'LSP_NOT_A_FILE'
  | 'LSP_FILE_TOO_LARGE'
  | 'LSP_POSITION_OUT_OF_RANGE'
  | 'LSP_OUTSIDE_WORKSPACE_DENIED'
  | 'LSP_AMBIGUOUS_PATH'
  | 'LSP_TIMEOUT'
  | 'LSP_CANCELLED'
  | 'LSP_PROVIDER_FAILED'
  /** A writing tool: the server refused the edit there, or it would reach outside the workspace. */
  | 'LSP_RENAME_REFUSED'
  /** A writing tool, for a caller on the disk: a file it would change has unsaved changes in the editor. */
  | 'LSP_UNSAVED_CHANGES'
  /** A writing tool: the editor did not apply the edit. */
  | 'LSP_EDIT_FAILED'
  /** A writing tool called where writing is off: Restricted Mode, or lspTool.writingTools false. */
  | 'LSP_WRITING_DISABLED';

export class LspToolError extends Error {
  readonly code: LspErrorCode;

  constructor(code: LspErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'LspToolError';
    this.code = code;
  }
}
