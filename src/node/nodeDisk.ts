// The disk port over node:fs, for the Node extension host, where `file:` URIs are this process's own files.
import { promises as fs, statSync } from 'node:fs';
import type { DiskStat, NodeDisk } from '../workspace/disk';

export const nodeFsDisk: NodeDisk = {
  /**
   * Synchronous underneath: a local stat takes microseconds, while each promise's trip through
   * libuv's thread pool took 0.1–0.3 ms on a busy host, and a warm query makes one per file it
   * previews (docs/performance.md).
   */
  stat(fsPath: string): Promise<DiskStat | undefined> {
    try {
      const stat = statSync(fsPath, { throwIfNoEntry: false });
      return Promise.resolve(stat === undefined ? undefined : { size: stat.size, directory: stat.isDirectory(), mtime: stat.mtimeMs, ctime: stat.ctimeMs });
    } catch {
      return Promise.resolve(undefined);
    }
  },
  async read(fsPath: string): Promise<Uint8Array> {
    return fs.readFile(fsPath);
  },
  async readHead(fsPath: string, length: number): Promise<Uint8Array> {
    const handle = await fs.open(fsPath, 'r');
    try {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  },
  async resolveLinks(fsPath: string): Promise<string | undefined> {
    try {
      return await fs.realpath(fsPath);
    } catch {
      return undefined;
    }
  },
};
