// Results grouped by file, files in the order they first appear, each file's results in their
// order: the tool's text, the card and the References view hand-off all show results this way.

export interface FileOrder {
  /** The file keys, in order of first appearance. */
  files: string[];
  /** For each item, the index of its file in `files`. */
  fileOf: Int32Array;
  /** Item indices, file by file (stable within a file). */
  order: Int32Array;
}

/** The grouped order of `count` items whose file key is `keyAt(i)`, in flat arrays (100,000 items without an object each). */
export function orderByFile(count: number, keyAt: (index: number) => string): FileOrder {
  const fileOf = new Int32Array(count);
  const indexOf = new Map<string, number>();
  const files: string[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < count; i++) {
    const key = keyAt(i);
    let index = indexOf.get(key);
    if (index === undefined) {
      index = files.length;
      indexOf.set(key, index);
      files.push(key);
      sizes.push(0);
    }
    fileOf[i] = index;
    sizes[index]!++;
  }
  const next = new Int32Array(files.length);
  for (let f = 1; f < files.length; f++) next[f] = next[f - 1]! + sizes[f - 1]!;
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[next[fileOf[i]!]!++] = i;
  return { files, fileOf, order };
}

export interface FileGroup<T> {
  /** The file's key (by default the item's URI). */
  key: string;
  items: T[];
}

/** The items grouped by file (`keyOf`, by default the URI), files in the order they first appear. */
export function groupByFile<T extends { uri: string }>(items: readonly T[], keyOf: (item: T) => string = (item) => item.uri): FileGroup<T>[] {
  const { files, fileOf } = orderByFile(items.length, (i) => keyOf(items[i]!));
  const groups: FileGroup<T>[] = files.map((key) => ({ key, items: [] }));
  for (let i = 0; i < items.length; i++) groups[fileOf[i]!]!.items.push(items[i]!);
  return groups;
}
