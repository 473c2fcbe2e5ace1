// The disk port over node:fs, for the Node extension host, where `file:` URIs are this process's own files.
import { promises as fs } from 'node:fs';
import type { DiskStat, NodeDisk } from '../workspace/disk';

export const nodeFsDisk: NodeDisk = {
  async stat(fsPath: string): Promise<DiskStat | undefined> {
    try {
      const stat = await fs.stat(fsPath);
      return { size: stat.size, directory: stat.isDirectory(), mtime: stat.mtimeMs, ctime: stat.ctimeMs };
    } catch {
      return undefined;
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
