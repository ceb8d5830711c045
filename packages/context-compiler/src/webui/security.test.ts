import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exportDatabase } from "../store/export-import.js";
import { type KnowledgeFixture, seedKnowledge } from "../test-support/knowledge-fixture.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { WEB_HOST, webClient } from "../test-support/web-client.js";
import { isLoopbackHost, sameOriginTarget } from "./security.js";
import { createWebApp } from "./webui-app.js";

let project: TestProject;
let fx: KnowledgeFixture;
beforeEach(() => {
  project = tempProject();
  fx = seedKnowledge(project);
});
afterEach(() => project.cleanup());

/** The panel on port 4173 (as WEB_HOST says), and the whole database to compare against afterwards. */
function panel() {
  const ctx = project.context();
  const web = webClient(createWebApp(ctx, { token: "launch-token", port: () => 4173 }), "launch-token");
  const snapshot = () => exportDatabase(ctx.kdb.db);
  return { web, snapshot };
}

describe("an attacker's request to approve", () => {
  it("is refused without the token, and nothing changes", async () => {
    const { web, snapshot } = panel();
    const before = snapshot();
    const res = await web.post(`/proposals/${fx.newDocProposal}/approve`, {}, { cookie: false });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe(
      "Refused: no valid token. Open the address `archon webui` printed (it carries the token).\n",
    );
    expect(snapshot()).toEqual(before);
  });

  it("is refused from a foreign Origin even with the cookie (a page elsewhere posting a form), and nothing changes", async () => {
    const { web, snapshot } = panel();
    const before = snapshot();
    const res = await web.post(
      `/proposals/${fx.newDocProposal}/approve`,
      {},
      { origin: "http://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(
      "Refused: a change must come from the web UI's own page (the Origin does not match).\n",
    );
    expect(snapshot()).toEqual(before);
  });

  it("is refused without any Origin, and nothing changes", async () => {
    const { web, snapshot } = panel();
    const before = snapshot();
    const res = await web.post(
      "/observations/archive",
      { observation_id: fx.observationId },
      { origin: null },
    );
    expect(res.status).toBe(403);
    expect(snapshot()).toEqual(before);
  });

  it("is refused under a rebinding Host (a foreign name resolving to 127.0.0.1), and nothing changes", async () => {
    const { web, snapshot } = panel();
    const before = snapshot();
    const res = await web.post(`/proposals/${fx.newDocProposal}/approve`, {}, { host: "evil.example:4173" });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(
      "Refused: the web UI answers only to 127.0.0.1 or localhost (this Host header is not one).\n",
    );
    expect(snapshot()).toEqual(before);
  });

  it("is refused with a guessed token in the address, and no cookie is handed out", async () => {
    const { web, snapshot } = panel();
    const before = snapshot();
    const res = await web.get("/?token=guess", { cookie: false });
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(snapshot()).toEqual(before);
  });
});

describe("reading the panel", () => {
  it("needs the token too: the pages hold the whole knowledge base", async () => {
    const { web } = panel();
    expect((await web.get("/documents", { cookie: false })).status).toBe(401);
    expect((await web.get("/graph", { cookie: false })).status).toBe(401);
    expect((await web.get("/documents")).status).toBe(200);
  });

  it("answers only loopback names on its own port", () => {
    expect(
      [
        "127.0.0.1:4173",
        "localhost:4173",
        "[::1]:4173",
        "LOCALHOST:4173",
        "127.0.0.1:80",
        "evil.example:4173",
        "127.0.0.1.evil.example:4173",
        "",
      ].map((h) => isLoopbackHost(h, 4173)),
    ).toEqual([true, true, true, true, false, false, false, false]);
    expect(isLoopbackHost(undefined, 4173)).toBe(false);
    expect(isLoopbackHost(WEB_HOST, undefined)).toBe(true);
  });
});

describe("the token exchange sends the browser only to a path of the panel itself", () => {
  // The redirect target is the launch URL's own path and query (the token dropped): an attacker who
  // gets a person to open a crafted launch URL must not be able to send them to another site.
  it.each([
    ["//evil.example", "/"],
    ["///evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/%2F%2Fevil.example", "/"],
    ["/%2f/evil.example", "/"],
    ["/%5Cevil.example", "/"],
    ["/%252F%252Fevil.example", "/"],
    ["/%09/evil.example", "/"],
    ["/%0d%0aSet-Cookie:%20x=1", "/"],
    ["/observations", "/observations"],
    ["/documents/api-errors", "/documents/api-errors"],
  ])("answers a launch URL for %j with Location %j and the cookie", async (path, location) => {
    const { web } = panel();
    const res = await web.get(`${path}?token=launch-token`, { cookie: false });
    expect({
      status: res.status,
      location: res.headers.get("location"),
      cookie: res.headers.get("set-cookie"),
    }).toEqual({
      status: 303,
      location,
      cookie: "archon_webui=launch-token; Path=/; HttpOnly; SameSite=Strict",
    });
  });

  it("keeps the rest of a legitimate query and drops only the token", async () => {
    const { web } = panel();
    const res = await web.get("/observations?token=launch-token&status=archived");
    expect(res.headers.get("location")).toBe("/observations?status=archived");
  });

  it("accepts only a single leading slash, with nothing hidden behind percent-encoding", () => {
    const targets = [
      "/",
      "/audit?page=2",
      "/https://evil.example",
      "//evil.example",
      "///evil.example",
      "\\\\evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/%5cevil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "",
      "/a\tb",
      "/a\nb",
      "/a b",
      "/%0aevil",
      "/%E0%A4%A",
      "/%25252F%25252Fevil.example",
    ];
    expect(targets.map((t) => [t, sameOriginTarget(t)])).toEqual([
      ["/", "/"],
      ["/audit?page=2", "/audit?page=2"],
      ["/https://evil.example", "/https://evil.example"],
      ...targets.slice(3).map((t) => [t, "/"]),
    ]);
  });
});
