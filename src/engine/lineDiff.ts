// Which line of one text is which line of another (pure): a line diff, the common head and tail
// first, then Myers' O((N+M)D) shortest edit script over the rest. Lines are equal when their text
// is. Used between a file on disk and the editor's unsaved text of it (engine/callerFiles.ts).

/** Past this many differing lines in the middle, the middle is left unmatched (its lines have no counterpart). */
const MAX_EDITS = 500;

/**
 * For each line of `from`, the index of the same line in `to`, or -1 where the line was changed,
 * added or removed. Matched lines keep their order.
 */
export function matchLines(from: readonly string[], to: readonly string[]): Int32Array {
  const match = new Int32Array(from.length).fill(-1);
  let head = 0;
  while (head < from.length && head < to.length && from[head] === to[head]) {
    match[head] = head;
    head++;
  }
  let tail = 0;
  while (tail < from.length - head && tail < to.length - head && from[from.length - 1 - tail] === to[to.length - 1 - tail]) {
    match[from.length - 1 - tail] = to.length - 1 - tail;
    tail++;
  }
  const a = from.slice(head, from.length - tail);
  const b = to.slice(head, to.length - tail);
  for (const [i, j] of middleMatches(a, b)) match[head + i] = head + j;
  return match;
}

/** The matched pairs of Myers' shortest edit script of `a` into `b`; none when it needs more than MAX_EDITS edits. */
function middleMatches(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [];
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: the frontier before step d, diagonals -d-1 … d+1 (index k + d + 1).
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m);
    }
  }
  return [];
}

/** Walks the kept frontiers back from (n, m), collecting the diagonal (equal) steps. */
function backtrack(trace: readonly Int32Array[], n: number, m: number): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d]!;
    const at = (k: number): number => v[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      pairs.push([x, y]);
    }
    x = prevX;
    y = prevY;
  }
  return pairs;
}
