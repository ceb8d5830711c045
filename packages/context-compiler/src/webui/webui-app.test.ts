import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openConflicts } from "../store/conflicts.js";
import { setDocumentOrigin } from "../store/documents.js";
import { createProposal, getProposal } from "../store/proposals.js";
import { readVersion } from "../store/version.js";
import { type KnowledgeFixture, seedKnowledge } from "../test-support/knowledge-fixture.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { webClient } from "../test-support/web-client.js";
import { createWebApp } from "./webui-app.js";

let project: TestProject;
let fx: KnowledgeFixture;
beforeEach(() => {
  project = tempProject();
  fx = seedKnowledge(project);
});
afterEach(() => project.cleanup());

function client() {
  const ctx = project.context();
  return { ctx, web: webClient(createWebApp(ctx, { token: "launch-token" }), "launch-token") };
}

describe("opening the panel with the launch URL", () => {
  it("trades the token in the address for an HttpOnly, SameSite=Strict cookie and drops it from the address", async () => {
    const { web } = client();
    const res = await web.get("/?token=launch-token", { cookie: false });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.get("set-cookie")).toBe(
      "archon_webui=launch-token; Path=/; HttpOnly; SameSite=Strict",
    );
  });

  it("shows the pending proposals with the diff each would apply and the knowledge version", async () => {
    const { web } = client();
    const res = await web.get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const page = await res.text();
    expect(page).toContain('<span id="knowledge-version">knowledge_version 1</span>');
    expect(web.diffOf(page, fx.updateProposal)).toEqual([
      "@@ -1,2 +1,2 @@",
      "  Return problem+json.",
      "- Log the cause.",
      "+ Never leak a stack trace.",
    ]);
    expect(web.diffOf(page, fx.newDocProposal)).toEqual([
      "+ document orders-rule (guideline): Orders rule",
      "+ edge path_requires src/api/orders.ts",
      "+ Orders are immutable.",
    ]);
  });
});

describe("approving and rejecting from the page", () => {
  it("approves through the admin service: one version bump, a snapshot, and the new version in the answer", async () => {
    const { ctx, web } = client();
    const res = await web.post(`/proposals/${fx.newDocProposal}/approve`, {});
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain(`Approved ${fx.newDocProposal}: knowledge_version 2, snapshot snap_v2.`);
    expect(body).toContain('<span id="knowledge-version" hx-swap-oob="true">knowledge_version 2</span>');
    expect(body).not.toContain(`data-proposal="${fx.newDocProposal}"`);
    expect(readVersion(ctx.kdb.db)).toBe(2);
    expect(getProposal(ctx.kdb.db, fx.newDocProposal)?.status).toBe("approved");
  });

  it("rejects with the comment given, leaving knowledge as it was", async () => {
    const { ctx, web } = client();
    const res = await web.post(`/proposals/${fx.updateProposal}/reject`, { comment: "keep the cause" });
    expect(await res.text()).toContain(`Rejected ${fx.updateProposal}; knowledge is unchanged.`);
    expect(getProposal(ctx.kdb.db, fx.updateProposal)).toMatchObject({
      status: "rejected",
      comment: "keep the cause",
    });
    expect(readVersion(ctx.kdb.db)).toBe(1);
  });

  it("answers a refusal with the service's message and hint, status 409, and changes nothing", async () => {
    const { ctx, web } = client();
    await web.post(`/proposals/${fx.newDocProposal}/approve`, {});
    const again = await web.post(`/proposals/${fx.newDocProposal}/approve`, {});
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(
      /<div id="flash" class="flash error" role="status"><p>[^<]*approved[^<]*<\/p>/,
    );
    expect(readVersion(ctx.kdb.db)).toBe(2);
  });

  it("sends a plain form post (no script) back to the page it came from", async () => {
    const { web } = client();
    const res = await web.post(`/proposals/${fx.updateProposal}/reject`, { comment: "no" }, { htmx: false });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
  });
});

describe("triaging observations", () => {
  it("archives the selected observations and shows the list again", async () => {
    const { web } = client();
    const before = await (await web.get("/observations")).text();
    expect(before).toContain(`value="${fx.observationId}"`);
    const res = await web.post("/observations/archive", { status: "new", observation_id: fx.observationId });
    const body = await res.text();
    expect(body).toContain("Archived 1 observation(s).");
    expect(body).toContain("No new observations.");
  });
});

describe("browsing knowledge", () => {
  it("lists documents a page at a time and shows one with its edges", async () => {
    const { web } = client();
    const list = await (await web.get("/documents")).text();
    expect([...list.matchAll(/<a href="\/documents\/([^"]+)">/g)].map((m) => m[1])).toEqual([
      "api-errors",
      "api-layer",
      "base-style",
      "scaffold-template",
      "users-handler",
    ]);
    expect(list).toContain('<p class="pager">5 in all</p>');
    const one = await (await web.get("/documents/users-handler")).text();
    expect(one).toContain("<td>path_requires</td><td><code>src/api/users.ts</code></td>");
    expect(one).toContain("<td>doc_depends_on</td>");
    expect((await web.get("/documents/nope")).status).toBe(404);
  });

  it("shows the compile log newest first with each compile's record", async () => {
    const { ctx, web } = client();
    const compiled = ctx.compiler.compile({ target_files: ["src/api/users.ts"] });
    ctx.compiler.flushAudit();
    const list = await (await web.get("/audit")).text();
    expect(list).toContain(`<a href="/audit/${compiled.compile_id}">${compiled.compile_id}</a>`);
    expect(list).toContain("<td>src/api/users.ts</td><td>4</td>");
    const one = await (await web.get(`/audit/${compiled.compile_id}`)).text();
    expect(one).toContain("users-handler, api-errors, api-layer, base-style");
  });

  it("serves the graph page under its own policy: inline scripts, still no network", async () => {
    const { web } = client();
    const res = await web.get("/graph");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
    );
    expect(await res.text()).toContain("<h1>Knowledge version 1</h1>");
  });

  it("pages a long list: 25 to a page, with the links around it", async () => {
    const { ctx, web } = client();
    for (let i = 0; i < 30; i++) ctx.compiler.compile({ target_files: [`src/f${i}.ts`] });
    ctx.compiler.flushAudit();
    const first = await (await web.get("/audit")).text();
    expect(first.match(/<tr><td><a href="\/audit\//g)?.length).toBe(25);
    expect(first).toContain('page 1 of 2 (30 in all) <a href="/audit?page=2">next →</a>');
    const second = await (await web.get("/audit?page=2")).text();
    expect(second.match(/<tr><td><a href="\/audit\//g)?.length).toBe(5);
  });
});

describe("a bundle and its preflight", () => {
  it("shows what approving the bundle would change, then approves it as one version", async () => {
    const { ctx, web } = client();
    for (const doc_id of ["b-one", "b-two"])
      createProposal(
        ctx.kdb.db,
        {
          proposal_type: "new_doc",
          payload: { doc_id, title: doc_id, content: "x" },
          source: "import",
          bundle_id: "bnd_x",
        },
        ctx.clock,
        ctx.ids,
      );
    const page = await (await web.get("/bundles/bnd_x")).text();
    expect(page).toContain(
      "Ready: approving applies every member below as one knowledge version. knowledge_version 1 → 2.",
    );
    expect(page).toContain(
      "Documents added: b-one, b-two; updated: none; removed: none; edges added: 0, removed: 0.",
    );
    const res = await web.post("/bundles/bnd_x/approve", {});
    expect(await res.text()).toContain("Approved bundle bnd_x (2 proposals): knowledge_version 2.");
    expect(readVersion(ctx.kdb.db)).toBe(2);
  });
});

describe("answering a conflict", () => {
  it("holds the proposal back until answered, then lets it through", async () => {
    const { ctx, web } = client();
    openConflicts(ctx.kdb.db, fx.newDocProposal, ["api-errors"], ctx.clock, ctx.ids);
    const listed = await (await web.get("/")).text();
    expect(listed).toContain(
      'Unresolved conflict with api-errors: <a href="/conflicts">answer it first</a>.',
    );
    const refused = await web.post(`/proposals/${fx.newDocProposal}/approve`, {});
    expect(refused.status).toBe(409);
    const answered = await web.post("/conflicts/resolve", {
      proposal_id: fx.newDocProposal,
      existing_doc_id: "api-errors",
      resolution: "keep_both",
    });
    const body = await answered.text();
    expect(body).toContain(
      `Answered ${fx.newDocProposal} against api-errors: keep_both; the proposal is pending.`,
    );
    expect(body).toContain("No conflict waits for an answer.");
    expect((await web.post(`/proposals/${fx.newDocProposal}/approve`, {})).status).toBe(200);
  });
});

describe("standing rules", () => {
  it("lists the approved standing rules only", async () => {
    const { ctx, web } = client();
    setDocumentOrigin(ctx.kdb.db, "base-style", "standing");
    const page = await (await web.get("/standing-rules")).text();
    expect([...page.matchAll(/<a href="\/documents\/([^"]+)">/g)].map((m) => m[1])).toEqual(["base-style"]);
  });
});

describe("a page that cannot be shown", () => {
  it("answers an unknown bundle with the service's refusal and hint, never a stack trace", async () => {
    const { web } = client();
    const res = await web.get("/bundles/bnd_nope");
    expect(res.status).toBe(409);
    const page = await res.text();
    expect(page).toContain("<title>Refused · archon</title>");
    // The hint names the step the way the context's channel does (a tool here; `archon proposals` from the CLI).
    expect(page).toMatch(
      /<pre>No proposals carry bundle_id &quot;bnd_nope&quot;\.\nHint: List pending proposals with \S+; each shows its bundle_id\.<\/pre>/,
    );
    expect(page).not.toContain("    at ");
  });

  it("answers an unknown address with 404 inside the panel", async () => {
    const { web } = client();
    const res = await web.get("/nowhere");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("<p>Nothing is at /nowhere.</p>");
  });
});
