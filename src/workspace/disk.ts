// Direct disk access for `file:` URIs in a Node extension host, where they are this process's own
// files. vscode.workspace.fs reaches them through the window in a remote host, tens of times
// slower per stat (docs/performance.md). The web build replaces
// this module with disk.web.ts, which has no disk.
import { promises as fs, statSync } from 'node:fs';

export interface DiskStat {
  size: number;
  directory: boolean;
  /** Modification and change times in milliseconds: with the size, what says a file is unchanged. */
  mtime: number;
  ctime: number;
}

export const hasDisk = true;

/**
 * undefined when the path does not exist or cannot be read. Synchronous underneath: a local stat
 * takes microseconds, while each promise's trip through libuv's thread pool took 0.1–0.3 ms on a
 * busy host, and a warm query makes one per file it previews (docs/performance.md).
 */
export function diskStat(fsPath: string): Promise<DiskStat | undefined> {
  try {
    const stat = statSync(fsPath, { throwIfNoEntry: false });
    return Promise.resolve(stat === undefined ? undefined : { size: stat.size, directory: stat.isDirectory(), mtime: stat.mtimeMs, ctime: stat.ctimeMs });
  } catch {
    return Promise.resolve(undefined);
  }
}

export async function diskRead(fsPath: string): Promise<Uint8Array> {
  return fs.readFile(fsPath);
}

/** The first `length` bytes (fewer for a shorter file). */
export async function diskReadHead(fsPath: string, length: number): Promise<Uint8Array> {
  const handle = await fs.open(fsPath, 'r');
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
