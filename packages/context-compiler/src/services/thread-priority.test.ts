// Run on real threads: a worker lowers its own priority and nothing else's, and the main thread refuses
// to lower its own. The worker loads the built module (a worker cannot load this TypeScript source).
import { readlinkSync } from "node:fs";
import { getPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { BACKGROUND_NICE_STEPS, lowerBackgroundThreadPriority } from "./thread-priority.js";

const BUILT = fileURLToPath(new URL("../../dist/services/thread-priority.js", import.meta.url));

/** Starts a worker that lowers its priority, and answers with its thread id and what the call returned. */
function lowerInWorker(): Promise<{ tid: number; lowered: boolean; worker: Worker }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     import(workerData.module).then((m) => {
       const lowered = m.lowerBackgroundThreadPriority();
       const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
       parentPort.postMessage({ tid, lowered });
       parentPort.once("message", () => process.exit(0));
     });`,
    { eval: true, workerData: { module: `file://${BUILT}` } },
  );
  return new Promise((resolve, reject) => {
    worker.once("message", (m: { tid: number; lowered: boolean }) => resolve({ ...m, worker }));
    worker.once("error", reject);
  });
}

describe.runIf(process.platform === "linux")("a background thread's priority", () => {
  it("is lowered for the worker alone, by the steps below the process's own", async () => {
    const main = getPriority(process.pid);
    const { tid, lowered, worker } = await lowerInWorker();
    try {
      expect(lowered).toBe(true);
      expect(tid).not.toBe(process.pid);
      expect(getPriority(tid)).toBe(Math.min(19, main + BACKGROUND_NICE_STEPS));
      expect(getPriority(process.pid)).toBe(main);
    } finally {
      worker.postMessage("done");
      await new Promise((resolve) => worker.once("exit", resolve));
    }
  });

  it("is never lowered for the main thread", () => {
    const main = getPriority(process.pid);
    expect(Number(readlinkSync("/proc/thread-self").split("/").at(-1))).toBe(process.pid);
    expect(lowerBackgroundThreadPriority()).toBe(false);
    expect(getPriority(process.pid)).toBe(main);
  });
});
