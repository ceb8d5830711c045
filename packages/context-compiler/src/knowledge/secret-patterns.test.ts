import { sha256 } from "@archon/core";
import { describe, expect, it } from "vitest";
import { NEAR_MISSES, SECRET_EXAMPLES } from "./secret-examples.fixture.js";
import { redactSecrets } from "./secret-scan.js";

const marker = (kind: string, secret: string) => `[redacted: ${kind} sha256:${sha256(secret).slice(0, 8)}]`;

describe("each provider's documented token shape is redacted where it is pasted", () => {
  it.each(SECRET_EXAMPLES.map((e) => ({ ...e, sample: e.text(e.secret).slice(0, 60).replace(/\n/g, " ") })))(
    "redacts a $kind in $sample",
    ({ kind, secret, text }) => {
      expect(redactSecrets(text(secret), "payload.note")).toEqual({
        text: text(marker(kind, secret)),
        warnings: [`Possible ${kind} in payload.note; it was redacted before it was stored.`],
      });
    },
  );

  it("redacts every shape at once, leaving none of them in the text, and changes nothing when run again", () => {
    const all = SECRET_EXAMPLES.map((e) => e.text(e.secret)).join("\n");
    const once = redactSecrets(all).text;
    expect(SECRET_EXAMPLES.filter((e) => once.includes(e.secret)).map((e) => e.kind)).toEqual([]);
    expect(once).toBe(SECRET_EXAMPLES.map((e) => e.text(marker(e.kind, e.secret))).join("\n"));
    expect(redactSecrets(once)).toEqual({ text: once, warnings: [] });
  });
});

describe("text that only mentions a kind of secret, or nearly looks like one, is left alone", () => {
  it.each(NEAR_MISSES)("keeps %j byte for byte", (line) => {
    expect(redactSecrets(line)).toEqual({ text: line, warnings: [] });
  });
});
