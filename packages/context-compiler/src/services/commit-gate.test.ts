// The commit gate across two real threads: a writer committing in a loop and this thread "compiling" in a
// loop never find themselves inside their critical parts at once. Both bounds (the writer's deferral, the
// compile's wait) are lifted to a minute, so a loaded machine cannot make them give up and overlap. Uses the built copy (npm run build), as
// the audit writer does: a worker thread cannot load TypeScript source.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { FLAG_SLOTS } from "./audit-thread-protocol.js";
import { enterServing, leaveServing } from "./commit-gate.js";

const BUILT = fileURLToPath(new URL("../../dist/services/commit-gate.js", import.meta.url));
/** Slots past the protocol's: 1 while the writer is inside a commit, commits done, writer finished. */
const INSIDE = FLAG_SLOTS;
const COMMITS = FLAG_SLOTS + 1;
const DONE = FLAG_SLOTS + 2;
const UNBOUNDED_MS = 60_000;

const writer = `
const { workerData } = require("node:worker_threads");
import(workerData.gate).then(({ commitWhenIdle }) => {
  const flags = new Int32Array(workerData.shared);
  for (let i = 0; i < workerData.commits; i++)
    commitWhenIdle(flags, () => {
      Atomics.store(flags, ${INSIDE}, 1);
      for (let spin = 0; spin < 20000; spin++) Math.sqrt(spin);
      Atomics.store(flags, ${INSIDE}, 0);
      Atomics.add(flags, ${COMMITS}, 1);
    }, ${UNBOUNDED_MS});
  Atomics.store(flags, ${DONE}, 1);
});
`;

describe("the commit gate", () => {
  it.skipIf(!existsSync(BUILT))("never lets a commit and a compile overlap", async () => {
    const shared = new SharedArrayBuffer((FLAG_SLOTS + 3) * Int32Array.BYTES_PER_ELEMENT);
    const flags = new Int32Array(shared);
    const worker = new Worker(writer, { eval: true, workerData: { gate: BUILT, shared, commits: 200 } });
    let compiles = 0;
    let overlaps = 0;
    while (Atomics.load(flags, DONE) === 0) {
      enterServing(flags, UNBOUNDED_MS);
      const before = Atomics.load(flags, COMMITS);
      // Not the committing flag: the writer raises it before it looks at ours, then steps back.
      if (Atomics.load(flags, INSIDE) === 1) overlaps += 1;
      for (let spin = 0; spin < 200000; spin++) Math.sqrt(spin);
      // A commit begun or ended while this "compile" ran shows in the count.
      if (Atomics.load(flags, INSIDE) === 1 || Atomics.load(flags, COMMITS) !== before) overlaps += 1;
      compiles += 1;
      leaveServing(flags);
      // The pause between two requests, when the writer gets its turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await worker.terminate();
    expect({ overlaps, commits: Atomics.load(flags, COMMITS) }).toEqual({ overlaps: 0, commits: 200 });
    expect(compiles).toBeGreaterThan(0);
  });
});
