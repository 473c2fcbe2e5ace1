// Languages the engine treats apart: readiness (growsWhileLoading), waking a server (wake.ts), the
// evidence of an implementation provider (providerEvidence.ts) and the keyword Note read it.

/** Language ids that VS Code's built-in TypeScript extension (tsserver) serves. */
export const TYPESCRIPT_FAMILY: ReadonlySet<string> = new Set(['typescript', 'typescriptreact', 'javascript', 'javascriptreact']);
