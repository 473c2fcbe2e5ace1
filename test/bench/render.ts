// The pure render workload (no vscode): run inside the extension host by index.ts, and in plain
// Node by bench/run.mjs (from out/), so that both measure the same thing.
import type { LspLocation } from '../../src/engine/result';
import { formatLocations } from '../../src/text/render';

export interface Stat {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function stat(samples: number[]): Stat {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)!, runs: sorted.length };
}

export type RenderRow = Stat & { perLocationUs: number; chars: number };

const WS = 'file:///w/proj';
/** Source lines as the pipeline holds them (read once per file, looked up per location). */
const SOURCE = Array.from({ length: 10 }, (_, i) => `  const value${i} = compute(input);  `);

function locationsOf(n: number): LspLocation[] {
  return Array.from({ length: n }, (_, i) => ({
    uri: `${WS}/src/f${i % 500}.ts`,
    range: { start: { line: i, character: 4 }, end: { line: i, character: 9 } },
  }));
}

/** Runs before the measured ones, so that the medians are of warm (optimised) code, as the issue asks. */
const WARMUP_RUNS = 5;

function measure(locations: readonly LspLocation[], maxLocations: number, maxResultChars: number, runs: number): RenderRow {
  const samples: number[] = [];
  let chars = 0;
  for (let i = 0; i < WARMUP_RUNS + runs; i++) {
    const started = performance.now();
    chars = formatLocations(locations, {
      resolvedWorkspaceUri: WS,
      roots: [{ name: 'proj', uri: WS }],
      maxLocations,
      maxResultChars,
      preview: (l) => SOURCE[l.range.start.line % SOURCE.length],
    }).length;
    if (i >= WARMUP_RUNS) samples.push(performance.now() - started);
  }
  const s = stat(samples);
  return { ...s, perLocationUs: (s.median * 1000) / locations.length, chars };
}

/**
 * n locations in 500 files, a preview each: every location shown (no count or character cap), and
 * 100,000 with the default caps (100 locations, 16,000 characters), which is what the tool renders.
 */
export function measureRender(runs: number): Record<string, RenderRow> {
  const rows: Record<string, RenderRow> = {};
  for (const n of [1_000, 10_000, 100_000]) rows[n] = measure(locationsOf(n), n, Number.MAX_SAFE_INTEGER, runs);
  rows.defaultCaps = measure(locationsOf(100_000), 100, 16_000, runs);
  return rows;
}
