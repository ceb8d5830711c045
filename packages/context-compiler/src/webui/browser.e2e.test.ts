// Run `npx tsc -b packages/core packages/context-compiler` first: these drive the built CLI in headless Chromium.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openConflicts } from "../store/conflicts.js";
import { readVersion } from "../store/version.js";
import { findBrowser } from "../test-support/browser.js";
import { type KnowledgeFixture, seedKnowledge } from "../test-support/knowledge-fixture.js";
import { personEnv } from "../test-support/person-env.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { runCli } from "../test-support/run-cli.js";
import { ARCHON_BIN } from "../test-support/stdio-client.js";
import { startWebUiProcess, type WebUiProcess } from "../test-support/webui-process.js";

const executablePath = findBrowser();

let browser: Browser;
let project: TestProject;
let fx: KnowledgeFixture;
beforeAll(async () => {
  if (executablePath) browser = await chromium.launch({ executablePath });
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  project = tempProject();
  fx = seedKnowledge(project);
  // The fixture's own context would hold the database open beside the spawned server; close it.
  project.context().close();
});
afterEach(() => project.cleanup());

describe.skipIf(!executablePath)("the graph page opened from file://", () => {
  it("draws every node and answers a path search without a single network request", async () => {
    expect(runCli(project.root, ["graph"]).code).toBe(0);
    const page = await browser.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on("request", (r) => {
      requests.push(r.url());
    });
    page.on("pageerror", (e) => {
      errors.push(e.message);
    });
    await page.route("**/*", (route) =>
      route.request().url().startsWith("file:") ? route.continue() : route.abort("blockedbyclient"),
    );
    const file = pathToFileURL(join(project.root, ".archon/graph.html")).href;
    await page.goto(file);
    await page.waitForSelector("body[data-drawn]");
    expect(await page.getAttribute("body", "data-drawn")).toBe("12");
    expect(await page.locator("svg g.node").count()).toBe(12);
    expect(await page.locator("svg line.link").count()).toBe(8);
    // Every node has been placed by the simulation (this runs in the page, so it is written as a string).
    await page.waitForFunction(
      '[...document.querySelectorAll("svg g.node")].every((n) => /translate\\(-?\\d/.test(n.getAttribute("transform") || ""))',
    );

    await page.fill("#search", "src/api/users.ts");
    await page.press("#search", "Enter");
    expect(await page.locator("#result p").textContent()).toBe(
      "src/api/users.ts gets 4 document(s), in compile order:",
    );
    expect(await page.locator("#result li").allTextContents()).toEqual([
      "users-handler",
      "api-errors",
      "api-layer",
      "base-style",
    ]);
    expect(
      await page
        .locator("svg g.node.hit")
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-id"))),
    ).toEqual([
      "doc:api-errors",
      "doc:api-layer",
      "doc:base-style",
      "doc:users-handler",
      "glob:src/api/**",
      "glob:src/api/users.ts",
      "layer:api",
    ]);

    await page.uncheck('input[data-kind="glob"]');
    expect(await page.locator("svg g.node.hidden").count()).toBe(2);
    expect(errors).toEqual([]);
    expect(requests.filter((u) => !u.startsWith("file:"))).toEqual([]);
    await page.close();
  });
});

describe.skipIf(!executablePath)("the web UI in a browser", () => {
  let server: WebUiProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it("approves a proposal by a click and shows the knowledge version move", async () => {
    server = await startWebUiProcess(project.root);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url);
    expect(page.url()).toBe(`${server.origin}/`);
    expect(await page.textContent("#knowledge-version")).toBe("knowledge_version 1");
    await page.click(`article[data-proposal="${fx.newDocProposal}"] button[name="approve"]`);
    await page.waitForSelector("#knowledge-version:text('knowledge_version 2')");
    expect(await page.textContent("#flash")).toBe(
      `Approved ${fx.newDocProposal}: knowledge_version 2, snapshot snap_v2.`,
    );
    expect(await page.locator(`article[data-proposal="${fx.newDocProposal}"]`).count()).toBe(0);
    expect(readVersion(project.context().kdb.db)).toBe(2);
    await context.close();
  });

  it("shows a refusal from the service in the page and leaves the version where it was", async () => {
    const ctx = project.context();
    openConflicts(ctx.kdb.db, fx.updateProposal, ["base-style"], ctx.clock, ctx.ids);
    ctx.close();
    server = await startWebUiProcess(project.root);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url);
    await page.click(`article[data-proposal="${fx.updateProposal}"] button[name="approve"]`);
    await page.waitForSelector("#flash.error");
    expect(await page.textContent("#flash.error p")).toMatch(/^Approval refused: .*base-style/);
    expect(await page.textContent("#knowledge-version")).toBe("knowledge_version 1");
    expect(await page.locator(`article[data-proposal="${fx.updateProposal}"]`).count()).toBe(1);
    await context.close();
  });

  it("refuses a browser that never had the token, and a tokenless write, changing nothing", async () => {
    server = await startWebUiProcess(project.root);
    const stranger = await browser.newContext();
    const page = await stranger.newPage();
    const res = await page.goto(`${server.origin}/`);
    expect(res?.status()).toBe(401);
    const write = await fetch(`${server.origin}/proposals/${fx.newDocProposal}/approve`, {
      method: "POST",
      headers: { origin: server.origin },
    });
    expect(write.status).toBe(401);
    expect(readVersion(project.context().kdb.db)).toBe(1);
    await stranger.close();
  });
});

describe("starting the web UI from a coding agent's shell", () => {
  it("is refused before anything is served: the agent would hold the token", () => {
    const r = spawnSync(process.execPath, [ARCHON_BIN, "webui", "--no-open"], {
      cwd: project.root,
      env: personEnv({ CLAUDECODE: "1" }),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("archon webui changes approved knowledge and needs a person");
  });
});
