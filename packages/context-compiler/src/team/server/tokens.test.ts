import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { createToken, localTokenStore, parseScope, revoke, tokenOfHeader } from "./tokens.js";

let project: TestProject;
beforeEach(() => {
  project = tempProject();
});
afterEach(() => project.cleanup());

describe("team tokens", () => {
  it("are found by the secret they were shown with, until revoked", async () => {
    const ctx = project.context("admin");
    const store = localTokenStore(ctx.kdb.db);
    const clock = manualClock("2026-12-01T12:00:00.000Z");
    const token = await createToken(store, { person: "ana", scope: "archon:admin" }, clock, sequentialIds());
    expect(token.secret).toMatch(/^archon_tok_[A-Za-z0-9_-]{43}$/);
    const found = {
      token_id: token.token_id,
      person: "ana",
      scope: "archon:admin",
      created_at: "2026-12-01T12:00:00.000Z",
      revoked_at: null,
    };
    expect(await tokenOfHeader(store, `Bearer ${token.secret}`)).toEqual(found);
    expect(await tokenOfHeader(store, `bearer   ${token.secret} `)).toEqual(found);
    for (const header of [undefined, "", token.secret, `Basic ${token.secret}`, `Bearer ${token.secret}x`])
      expect(await tokenOfHeader(store, header)).toBeUndefined();
    await revoke(store, token.token_id, clock);
    expect(await tokenOfHeader(store, `Bearer ${token.secret}`)).toBeUndefined();
    await expect(revoke(store, token.token_id, clock)).rejects.toThrow(`No live token "${token.token_id}".`);
    ctx.close();
  });

  it("take agent or admin as the scope, and refuse anything else", () => {
    expect([parseScope("agent"), parseScope("archon:admin")]).toEqual(["archon:agent", "archon:admin"]);
    expect(() => parseScope("root")).toThrow('Unknown scope "root".');
  });
});
