import { manualClock, sequentialIds } from "@archon/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProposal } from "../../store/proposals.js";
import { doc, seed, type TestProject, tempProject } from "../../test-support/project.js";
import { firstSentence, slugOf, uniqueDocId } from "./doc-id-slug.js";
import { standingReason } from "./standing-note.js";

describe("a note is a standing decision by its wording or its hints", () => {
  it.each([
    ["From now on, don't run tests unless I say so.", 'wording "from now on"'],
    ["Going forward we use pnpm.", 'wording "going forward"'],
    ["We've decided to keep the monorepo.", 'wording "we decided"'],
    ["Always write dates in UTC", 'wording "always"'],
    ["Never commit generated files", 'wording "never"'],
    ["Don\u2019t touch the legacy folder", 'wording "don\'t"'],
    ["Do not call fetch from components", 'wording "do not"'],
    ["Migrations must be reversible", 'wording "must"'],
    ["Stop adding barrel files", 'wording "stop"'],
    ["I prefer named exports", 'wording "prefer"'],
  ])("%s → %s", (note, reason) => {
    expect(standingReason(note)).toBe(reason);
  });

  it("takes an explicit decision hint first, whatever the wording", () => {
    expect(standingReason("Tabs for indentation", ["style", "Team-Decision"])).toBe('hint "Team-Decision"');
  });

  it("leaves ordinary notes and look-alike words alone", () => {
    for (const note of [
      "The staging database was slow today.",
      "Bus stops and mustard are unrelated.",
      "Preferences live in settings.json",
      "Nevertheless the build passed",
    ]) {
      expect(standingReason(note, ["infra"])).toBeUndefined();
    }
  });
});

describe("derived document ids and titles", () => {
  let project: TestProject;
  beforeEach(() => {
    project = tempProject();
  });
  afterEach(() => project.cleanup());

  it("slugs the first meaningful words, dropping lead-ins and apostrophes", () => {
    expect(slugOf("From now on, don't run tests unless I say so.")).toBe("dont-run-tests-unless-say");
    expect(slugOf("Écrire les dates en UTC")).toBe("ecrire-les-dates-en-utc");
    expect(slugOf("!!! ???")).toBe("");
    expect(slugOf(`${"x".repeat(70)} short`)).toBe("x".repeat(60));
  });

  it("makes the id unique against documents and pending new_doc proposals", () => {
    const ctx = project.context();
    seed(ctx, { documents: [doc("rule-always-use-utc")] });
    createProposal(
      ctx.kdb.db,
      {
        proposal_type: "new_doc",
        payload: { doc_id: "rule-always-use-utc-2", title: "T", content: "C" },
        source: "test",
      },
      manualClock(),
      sequentialIds(),
    );
    expect(uniqueDocId(ctx.kdb.db, "rule-", "Always use UTC")).toBe("rule-always-use-utc-3");
    expect(uniqueDocId(ctx.kdb.db, "rule-", "...")).toBe("rule-note");
  });

  it("titles a note by its first sentence or line, shortened when long", () => {
    expect(firstSentence("Use UTC. Dates are stored as ISO strings.")).toBe("Use UTC.");
    expect(firstSentence("Version 1.2 is pinned\nbecause of Node 20")).toBe("Version 1.2 is pinned");
    expect(firstSentence("a".repeat(200), 10)).toBe(`${"a".repeat(9)}…`);
  });
});
