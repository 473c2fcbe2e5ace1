// Reads a URI's file: straight from the disk for `file:` URIs where this extension host has one
// (disk.ts), through vscode.workspace.fs otherwise (other schemes, the web worker).
import * as vscode from 'vscode';
import { nodeDisk, type DiskStat, type NodeDisk } from './disk';

function diskOf(uri: vscode.Uri): NodeDisk | undefined {
  return uri.scheme === 'file' ? nodeDisk() : undefined;
}

/** undefined when the file does not exist or cannot be read. */
export async function fileStat(uri: vscode.Uri): Promise<DiskStat | undefined> {
  const disk = diskOf(uri);
  if (disk) return disk.stat(uri.fsPath);
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    return { size: stat.size, directory: (stat.type & vscode.FileType.Directory) !== 0, mtime: stat.mtime, ctime: stat.ctime };
  } catch {
    return undefined;
  }
}

/** What identifies a file's content without reading it: equal stamps, unchanged file. */
export function stampOf(stat: DiskStat): string {
  return `${stat.size}:${stat.mtime}:${stat.ctime}`;
}

export async function fileBytes(uri: vscode.Uri): Promise<Uint8Array> {
  const disk = diskOf(uri);
  return disk ? disk.read(uri.fsPath) : vscode.workspace.fs.readFile(uri);
}

/** The first `length` bytes at least where the disk allows it; the whole file through workspace.fs. */
export async function fileHead(uri: vscode.Uri, length: number): Promise<Uint8Array> {
  const disk = diskOf(uri);
  return disk ? disk.readHead(uri.fsPath, length) : vscode.workspace.fs.readFile(uri);
}
