// Percentiles and peak memory: the two measurements every benchmark phase reports.
import { readFileSync } from "node:fs";

export interface Summary {
  count: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

/** Nearest-rank percentile of sorted samples (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, x) => sum + x, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.length > 0 ? total / sorted.length : Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export const median = (samples: readonly number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );

/** A figure measured several times: its median and range, as the benchmarks page reports each. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

export const spread = (samples: readonly number[]): Spread => ({
  median: median(samples),
  min: samples.length > 0 ? Math.min(...samples) : Number.NaN,
  max: samples.length > 0 ? Math.max(...samples) : Number.NaN,
  samples: [...samples],
});

/**
 * Peak resident memory (VmHWM) of a live process, in MiB. Linux only; NaN elsewhere or when the process
 * is gone, so a missing figure shows as missing rather than as zero.
 */
export function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
