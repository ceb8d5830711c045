import { describe, expect, it } from "vitest";
import { findRequestId } from "./request-id.js";

const filler = "x".repeat(3000);

describe("the id of a request too large to parse", () => {
  it.each([
    ["the SDK's order: id after params", "", `"${filler}"}},"jsonrpc":"2.0","id":42}`, 42],
    ["id first", `{"jsonrpc":"2.0","id":"req-1","method":"tools/call","params":{"a":"${filler}`, "", "req-1"],
    ["id right after the opening brace", `{ "id" : 3 , "method":"x","params":{"p":"`, "", 3],
    ["a string id with escapes at the end", "", `"},"id":"a\\"b"}\n`, 'a"b'],
  ])("finds it with %s", (_case, head, tail, id) => {
    expect(findRequestId(head, tail)).toBe(id);
  });

  it.each([
    ["an id nested inside params", `{"method":"x","params":{"id":5,"plan":"${filler}`, `"}}`],
    ["an id nested last inside params", "", `"x","id":5}}`],
    ["an id spelled inside a string", `{"method":"x","params":{"s":"\\"id\\":5 ${filler}`, `\\"id\\":9}"}}`],
    ["a head cut inside the id's value", `{"jsonrpc":"2.0","id":12`, ""],
    ["neither end", `{"method":"tools/call","params":{"p":"${filler}`, `${filler}"}}`],
  ])("answers null for %s", (_case, head, tail) => {
    expect(findRequestId(head, tail)).toBeNull();
  });
});
