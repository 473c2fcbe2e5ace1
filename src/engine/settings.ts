// Pure validation of the lspTool.* settings: invalid values fall back to the default, with a warning.
export type OutsideWorkspacePolicy = 'ask' | 'allow' | 'deny';

export interface LspToolSettings {
  maxLocations: number;
  maxResultChars: number;
  timeoutMs: number;
  followAlong: boolean;
  linePreview: boolean;
  outsideWorkspace: OutsideWorkspacePolicy;
  /** Whether the tools that change files are offered; never in Restricted Mode either way. */
  writingTools: boolean;
}

export const DEFAULT_SETTINGS: Readonly<LspToolSettings> = Object.freeze({
  maxLocations: 100,
  maxResultChars: 16000,
  timeoutMs: 60000,
  followAlong: true,
  linePreview: true,
  outsideWorkspace: 'ask',
  writingTools: true,
});

const MAX_TIMER = 2147483647;

function positiveInteger(value: unknown, max = Number.MAX_SAFE_INTEGER): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}

export function validateSettings(read: (key: keyof LspToolSettings) => unknown, warn: (message: string) => void): LspToolSettings {
  const settings: LspToolSettings = { ...DEFAULT_SETTINGS };
  const pick = <K extends keyof LspToolSettings>(key: K, ok: (v: unknown) => boolean, rule: string): void => {
    const value = read(key);
    if (value === undefined) return;
    if (ok(value)) settings[key] = value as LspToolSettings[K];
    else warn(`lspTool.${key} must be ${rule}; got ${JSON.stringify(value)}. Using the default, ${JSON.stringify(DEFAULT_SETTINGS[key])}.`);
  };
  pick('maxLocations', (v) => positiveInteger(v), 'a positive integer');
  pick('maxResultChars', (v) => positiveInteger(v), 'a positive integer');
  pick('timeoutMs', (v) => positiveInteger(v, MAX_TIMER), `a positive integer no greater than ${MAX_TIMER}`);
  pick('followAlong', (v) => typeof v === 'boolean', 'true or false');
  pick('linePreview', (v) => typeof v === 'boolean', 'true or false');
  pick('writingTools', (v) => typeof v === 'boolean', 'true or false');
  pick('outsideWorkspace', (v) => v === 'ask' || v === 'allow' || v === 'deny', '"ask", "allow" or "deny"');
  return settings;
}
