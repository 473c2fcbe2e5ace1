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
  | 'LSP_PROVIDER_FAILED';

export class LspToolError extends Error {
  readonly code: LspErrorCode;

  constructor(code: LspErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'LspToolError';
    this.code = code;
  }
}
