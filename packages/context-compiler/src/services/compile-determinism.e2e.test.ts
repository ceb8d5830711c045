// P-1 across uptime: tags change without a version bump, and every server process must see it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setDocTagsTool } from "../mcp/admin/set-doc-tags.tool.js";
import { compileContextTool } from "../mcp/agent/compile-context.tool.js";
import { getCompileAuditTool } from "../mcp/agent/get-compile-audit.tool.js";
import { getKnownTagsTool } from "../mcp/agent/get-known-tags.tool.js";
import { canonicalTagCatalog } from "../read/tag-catalog.js";
import { deterministicPart } from "../test-support/deterministic-part.js";
import { doc, seed, type TestProject, tempProject } from "../test-support/project.js";
import { type ConnectedClient, connectArchon } from "../test-support/stdio-client.js";

let project: TestProject;
const clients: ConnectedClient[] = [];
const open = async (surface: "agent" | "admin") => {
  const c = await connectArchon({ surface, dbPath: project.dbPath, projectRoot: project.root });
  clients.push(c);
  return c;
};

beforeEach(() => {
  project = tempProject();
  project.write("src/api/users.ts", "export {};\n");
  const ctx = project.context();
  seed(ctx, {
    documents: [
      doc("api-rule", { patterns: ["src/api/**"] }),
      doc("session-rules", { content: "Rotate session tokens on login." }),
    ],
  });
  ctx.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  project.cleanup();
});

const request = { target_files: ["src/api/users.ts"], intent_tags: ["auth"] };
const compileOn = (c: ConnectedClient) => c.result(compileContextTool, request);
const knownTags = (c: ConnectedClient) => c.result(getKnownTagsTool);
const auditOf = (c: ConnectedClient, compileId: string) =>
  c.result(getCompileAuditTool, { compile_id: compileId });

describe("a tag change between two compiles of a running agent server", () => {
  it("reaches its next compile, agrees with get_known_tags, and matches a server started after it", async () => {
    const a = await open("agent");
    const before = await compileOn(a);
    const knownBefore = await knownTags(a);

    const admin = await open("admin");
    await admin.result(setDocTagsTool, { doc_id: "session-rules", tags: ["auth"] });

    const after = await compileOn(a);
    const knownAfter = await knownTags(a);
    const b = await open("agent");
    const fresh = await compileOn(b);

    const empty = canonicalTagCatalog([]).hash;
    const auth = canonicalTagCatalog([{ tag: "auth", doc_id: "session-rules" }]).hash;
    expect({
      before: {
        version: before.knowledge_version,
        hash: before.tag_catalog_hash,
        expanded: before.expanded,
        warnings: before.warnings,
      },
      knownBefore,
      after: {
        version: after.knowledge_version,
        hash: after.tag_catalog_hash,
        expanded: after.expanded,
        warnings: after.warnings,
      },
      knownAfter,
    }).toEqual({
      before: {
        version: 1,
        hash: empty,
        expanded: { tags: ["auth"], described: [], documents: [] },
        warnings: ['Intent tag "auth" is not in the tag catalog.'],
      },
      knownBefore: { tags: [], tag_catalog_hash: empty },
      after: {
        version: 1,
        hash: auth,
        expanded: {
          tags: ["auth"],
          described: [],
          documents: [
            {
              doc_id: "session-rules",
              title: "Title of session-rules",
              kind: "guideline",
              delivery: "inline",
              content_bytes: 31,
              content_hash: after.expanded?.documents[0]?.content_hash,
              content: "Rotate session tokens on login.",
            },
          ],
        },
        warnings: [],
      },
      knownAfter: {
        tags: [{ tag: "auth", doc_count: 1, doc_ids: ["session-rules"] }],
        tag_catalog_hash: auth,
      },
    });
    expect(deterministicPart(fresh)).toBe(deterministicPart(after));
  });

  it("keeps each compile replayable with the catalog it used", async () => {
    const a = await open("agent");
    const before = await compileOn(a);
    const admin = await open("admin");
    await admin.result(setDocTagsTool, { doc_id: "session-rules", tags: ["auth"] });
    const after = await compileOn(a);
    const audits = [await auditOf(a, before.compile_id), await auditOf(a, after.compile_id)];
    expect(
      audits.map((x) => [x.tag_catalog_hash, x.replay?.tag_catalog_hash, x.replay?.same_result]),
    ).toEqual([
      [before.tag_catalog_hash, before.tag_catalog_hash, true],
      [after.tag_catalog_hash, after.tag_catalog_hash, true],
    ]);
    expect(before.tag_catalog_hash).not.toBe(after.tag_catalog_hash);
  });
});
