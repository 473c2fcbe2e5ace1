// Source lines kept between queries, each under the stamp of the content it was split from (a
// file's size and times, or an open document's version): a lookup with any other stamp misses.
// Least recently used entries go first once the total passes the character limit.

interface Entry {
  stamp: string;
  lines: string[];
  chars: number;
}

export class SourceLineCache {
  /** Insertion order is use order: the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  /** The lines stored for `key` under exactly this stamp; a stale entry is dropped. */
  get(key: string, stamp: string): string[] | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.stamp !== stamp) {
      this.chars -= entry.chars;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.lines;
  }

  /** `chars`: the text's length, what the entry costs against the limit. Larger than the limit: not kept. */
  set(key: string, stamp: string, lines: string[], chars: number): void {
    this.delete(key);
    if (chars > this.maxChars) return;
    this.entries.set(key, { stamp, lines, chars });
    this.chars += chars;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.chars;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.chars -= entry.chars;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalChars(): number {
    return this.chars;
  }
}
