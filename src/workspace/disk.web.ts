// The web-worker build's disk.ts (esbuild swaps in `x.web.ts` for `x.ts`): a web worker has no
// disk, so every file goes through vscode.workspace.fs (callers check hasDisk first).
import type { DiskStat } from './disk';

export const hasDisk = false;

function noDisk(): Promise<never> {
  return Promise.reject(new Error('no disk in the web-worker extension host'));
}

// Same signatures as disk.ts; the arguments are never looked at.
export const diskStat: (fsPath: string) => Promise<DiskStat | undefined> = () => noDisk();
export const diskRead: (fsPath: string) => Promise<Uint8Array> = () => noDisk();
export const diskReadHead: (fsPath: string, length: number) => Promise<Uint8Array> = () => noDisk();
