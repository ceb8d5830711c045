import { readFileSync } from "node:fs";
import { openDatabase, sha256 } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SECRET_EXAMPLES } from "../knowledge/secret-examples.fixture.js";
import { compileContextTool } from "../mcp/agent/compile-context.tool.js";
import { getCompileAuditTool } from "../mcp/agent/get-compile-audit.tool.js";
import { observeTool } from "../mcp/agent/observe.tool.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon } from "../test-support/stdio-client.js";

// From the agent's side, over a real MCP client and the built server: whatever secret it pastes into a
// compile or an observation, neither an answer it can read later nor the SQLite file holds it in clear.
const TOKEN = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
const STRIPE = "sk-live-4eC39HqLyjWDarjtT1zdp7dc";
const mark = (kind: string, secret: string) => `[redacted: ${kind} sha256:${sha256(secret).slice(0, 8)}]`;

let project: TestProject;
let agent: ConnectedClient;
beforeEach(async () => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  const ctx = project.context();
  seed(ctx, { documents: [doc("api-constraint", { patterns: ["src/api/**"] })] });
  ctx.close();
  agent = await connectArchon({ surface: "agent", dbPath: project.dbPath, projectRoot: project.root });
});
afterEach(async () => {
  await agent.close();
  project.cleanup();
});

const databaseHolds = (text: string) => readFileSync(project.dbPath).includes(Buffer.from(text));

describe("a secret in a compile's plan or agent_id never reaches the audit log in clear", () => {
  it("answers get_compile_audit and stores the row with markers in place of the secrets", async () => {
    const { compile_id } = await agent.result(compileContextTool, {
      target_files: ["src/api/users.ts"],
      plan: `Call the billing API with ${STRIPE} and push with ${TOKEN}.`,
      agent_id: `claude ${TOKEN}`,
    });
    const audit = await agent.result(getCompileAuditTool, { compile_id });
    // The plan was compiled as it is stored, so the redacted row still replays to the same bytes.
    expect(audit.replay?.same_result).toBe(true);
    const plan = `Call the billing API with ${mark("Stripe secret key", STRIPE)} and push with ${mark("GitHub token", TOKEN)}.`;
    const agentId = `claude ${mark("GitHub token", TOKEN)}`;
    expect({ agent_id: audit.agent_id, request: audit.request }).toEqual({
      agent_id: agentId,
      request: { target_files: ["src/api/users.ts"], plan, agent_id: agentId },
    });
    await agent.close();

    const db = openDatabase(project.dbPath);
    try {
      expect(
        db.prepare("SELECT agent_id, request FROM compile_log WHERE compile_id = ?").get(compile_id),
      ).toEqual({
        agent_id: agentId,
        request: JSON.stringify({ agent_id: agentId, plan, target_files: ["src/api/users.ts"] }),
      });
    } finally {
      db.close();
    }
    expect(databaseHolds(TOKEN) || databaseHolds(STRIPE)).toBe(false);
  });

  it("redacts a failed compile's row too", async () => {
    const failed = await agent.call("archon_compile_context", {
      target_files: [`/outside/${TOKEN}.ts`],
      plan: `token ${TOKEN}`,
    });
    expect(failed.isError).toBe(true);
    await agent.close();
    const db = openDatabase(project.dbPath);
    try {
      expect(db.prepare("SELECT status, request FROM compile_log").all()).toEqual([
        {
          status: "error",
          request: JSON.stringify({
            plan: `token ${mark("GitHub token", TOKEN)}`,
            target_files: [`/outside/${mark("GitHub token", TOKEN)}.ts`],
          }),
        },
      ]);
    } finally {
      db.close();
    }
    expect(databaseHolds(TOKEN)).toBe(false);
  });
});

describe("a secret in an observation never reaches the database in clear", () => {
  it("answers observe with warnings and stores only the marker", async () => {
    const observed = await agent.result(observeTool, {
      event_type: "session_note",
      payload: { plan: `Rotate ${TOKEN} tonight.`, tags: [TOKEN] },
      agent_id: TOKEN,
    });
    expect(observed.warnings).toEqual([
      "Possible GitHub token in payload.plan; it was redacted before it was stored.",
      "Possible GitHub token in payload.tags.0; it was redacted before it was stored.",
      "Possible GitHub token in agent_id; it was redacted before it was stored.",
    ]);
    await agent.close();
    const db = openDatabase(project.dbPath);
    try {
      expect(db.prepare("SELECT agent_id, payload FROM observations").all()).toEqual([
        {
          agent_id: mark("GitHub token", TOKEN),
          payload: JSON.stringify({
            plan: `Rotate ${mark("GitHub token", TOKEN)} tonight.`,
            tags: [mark("GitHub token", TOKEN)],
          }),
        },
      ]);
    } finally {
      db.close();
    }
    expect(databaseHolds(TOKEN)).toBe(false);
  });
});

describe("every shape of secret the scanner knows stays out of the database file", () => {
  it("stores an observation and a compile's plan holding all of them with only markers", async () => {
    const texts = SECRET_EXAMPLES.map((e) => e.text(e.secret));
    const key = (i: number) => `note${String(i).padStart(2, "0")}`;
    const observed = await agent.result(observeTool, {
      event_type: "session_note",
      payload: Object.fromEntries(texts.map((t, i) => [key(i), t])),
    });
    await agent.result(compileContextTool, {
      target_files: ["src/api/users.ts"],
      plan: texts.join("\n"),
    });
    await agent.close();
    // Each line of each secret, so a PEM body is looked for as it would sit inside a stored JSON string.
    const leaked = SECRET_EXAMPLES.filter((e) =>
      e.secret.split("\n").some((line) => !line.startsWith("-----") && databaseHolds(line)),
    ).map((e) => e.kind);
    expect({ warnings: observed.warnings, leaked }).toEqual({
      warnings: SECRET_EXAMPLES.map(
        (e, i) => `Possible ${e.kind} in payload.${key(i)}; it was redacted before it was stored.`,
      ),
      leaked: [],
    });
  });
});
