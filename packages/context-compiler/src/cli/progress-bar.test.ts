import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { progressBar } from "./progress-bar.js";

function stream(tty: boolean) {
  const s = Object.assign(new PassThrough(), { isTTY: tty });
  let text = "";
  s.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { s, text: () => text };
}

describe("the progress bar", () => {
  it("redraws one line on a terminal only when the percentage moves, and ends it", () => {
    const out = stream(true);
    const bar = progressBar("indexing", out.s);
    bar.update(1, 4);
    bar.update(1, 4);
    bar.update(4, 4);
    bar.done();
    expect(out.text()).toBe(
      `\rindexing [${"#".repeat(8)}${".".repeat(22)}] 25% (1/4)\rindexing [${"#".repeat(30)}] 100% (4/4)\n`,
    );
  });

  it("writes nothing when the stream is piped", () => {
    const out = stream(false);
    const bar = progressBar("indexing", out.s);
    bar.update(1, 2);
    bar.done();
    expect(out.text()).toBe("");
  });
});
