// Symlink resolution for file: URIs, where the extension host has a file system (the web-worker build uses realpath.web.ts).
import { promises as fs } from 'node:fs';

export async function realFsPath(fsPath: string): Promise<string | undefined> {
  try {
    return await fs.realpath(fsPath);
  } catch {
    return undefined;
  }
}
