// The disk port: direct file access for `file:` URIs where the extension host has a disk of its
// own. The one extension bundle runs in the web worker too, so the Node host's entry
// (src/node/main.ts) injects the implementation at activation; without it every file goes through
// vscode.workspace.fs, which in a remote host reaches the disk through the window, tens of times
// slower per stat (docs/performance.md).

export interface DiskStat {
  size: number;
  directory: boolean;
  /** Modification and change times in milliseconds: with the size, what says a file is unchanged. */
  mtime: number;
  ctime: number;
}

export interface NodeDisk {
  /** undefined when the path does not exist or cannot be read. */
  stat(fsPath: string): Promise<DiskStat | undefined>;
  read(fsPath: string): Promise<Uint8Array>;
  /** The first `length` bytes (fewer for a shorter file). */
  readHead(fsPath: string, length: number): Promise<Uint8Array>;
  /** The path with every symbolic link resolved; undefined when it does not exist. */
  resolveLinks(fsPath: string): Promise<string | undefined>;
}

// Set once at activation (useDisk): one extension host, one disk or none.
let installed: NodeDisk | undefined;

export function useDisk(disk: NodeDisk | undefined): void {
  installed = disk;
}

/** The disk of this extension host, undefined in the web worker. */
export function nodeDisk(): NodeDisk | undefined {
  return installed;
}
