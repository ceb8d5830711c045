import { describe, expect, it } from "vitest";
import { cannedDraft, FAILING_REQUIREMENTS } from "../demo/canned-drafts.js";
import { SECTION_TYPES } from "../sections/section-catalogue.js";
import { validateSection } from "./validate-section.js";

const rulesOf = (type: Parameters<typeof validateSection>[0], text: string) =>
  validateSection(type, text).violations.map((v) => v.rule);

describe("scoring", () => {
  it("costs 0.15 per critical and 0.05 per warning, never below zero", () => {
    const result = validateSection("requirements", FAILING_REQUIREMENTS);
    expect(result.violations.map((v) => [v.rule, v.penalty])).toEqual([
      ["fr_traceability", 0.15],
      ["fr_unique_ids", 0.15],
    ]);
    expect(result).toMatchObject({ has_critical: true, score: 0.7, rules_checked: 9, rules_passed: 7 });
  });

  it("passes every canned draft cleanly", () => {
    for (const type of SECTION_TYPES.filter((t) => t !== "source_code" && t !== "test_code")) {
      expect(validateSection(type, cannedDraft(type)).violations, type).toEqual([]);
    }
  });
});

describe("requirements rules", () => {
  const table = (rows: string, header = "| ID | Requirement | Priority | Depends On | Source |") =>
    `## Requirements\n\n${header}\n|---|---|---|---|---|\n${rows}`;

  it("reports numbering gaps and self-dependencies", () => {
    const text = table("| FR-001 | a | Must | FR-001 | r1 |\n| FR-003 | b | Must | - | r2 |");
    expect(rulesOf("requirements", text)).toEqual(["fr_numbering", "fr_self_dependency"]);
  });

  it("reports story points in the FR table", () => {
    const text = table(
      "| FR-001 | a | Must | - | r1 | 3 |",
      "| ID | Requirement | Priority | Depends On | Source | Story Points |",
    );
    expect(rulesOf("requirements", text)).toEqual(["fr_no_story_points"]);
  });

  it("accepts a French traceability column", () => {
    const text = table(
      "| FR-001 | Se connecter avec le fournisseur | Must | - | atelier |",
      "| ID | Exigence | Priorité | Dépend de | Traçabilité |",
    );
    expect(rulesOf("requirements", text)).toEqual([]);
  });
});

describe("topic rules read English and French and honour an explicit opt-out", () => {
  it("finds a French threat model and secrets handling", () => {
    const fr =
      "## Sécurité\n\nModèle de menace : STRIDE sur le parcours de connexion. Gestion des secrets dans un coffre, chiffrement en transit (TLS).";
    expect(rulesOf("security_considerations", fr)).toEqual([]);
  });

  it("lets a whole section opt out with a reason, but not with a bare n/a", () => {
    expect(
      validateSection("data_model", "## Data Model\n\nNot applicable: this feature stores no data at all.")
        .violations,
    ).toEqual([]);
    expect(rulesOf("data_model", "## Data Model\n\nn/a")).toContain("section_substance");
  });

  it("accepts a risk opted out with a reason and refuses tbd", () => {
    const risks = (m: string) =>
      `## Risks\n\n| Risk | Mitigation |\n|---|---|\n| Provider outage blocks every sign-in | ${m} |`;
    expect(
      rulesOf("risks", risks("not applicable: the provider is internal and has no outage history")),
    ).toEqual([]);
    expect(rulesOf("risks", risks("TBD"))).toEqual(["placeholder_text", "risk_mitigation"]);
  });
});

describe("code and data rules", () => {
  it("finds hard-coded secrets, untyped payloads and magic numbers in code", () => {
    const text =
      '## Technical Specification\n\nAdapters behind a port. Auth: bearer. Structured logging. npm audit.\n\n```ts\nconst password = "hunter2hunter2";\nfunction handle(body: any) { retry(4500); }\n```';
    expect(rulesOf("technical_specification", text)).toEqual([
      "untyped_payloads",
      "no_hardcoded_secrets",
      "no_magic_numbers",
    ]);
  });

  it("finds foreign keys to missing tables and now() in partial indexes", () => {
    const text =
      "## Data Model\n\n```sql\nCREATE TABLE a (id INT, b_id INT REFERENCES b(id));\nCREATE INDEX recent ON a (id) WHERE created_at > now();\n```\nClassification: PII, encrypted, erasure on request.";
    expect(rulesOf("data_model", text)).toEqual(["ddl_foreign_keys", "partial_index_now"]);
  });

  it("refuses a PASS verdict on an NFR target", () => {
    const text =
      "## Performance Requirements\n\n| ID | Target | Method | Verdict |\n|---|---|---|---|\n| NFR-001 | p95 latency 200 ms | k6 load test | PASS |";
    expect(rulesOf("performance_requirements", text)).toEqual(["honest_verdicts"]);
  });

  it("checks story-point arithmetic and distribution", () => {
    const text =
      "## Timeline\n\n| Milestone | Story Points |\n|---|---|\n| A | 20 |\n| B | 1 |\n| C | 1 |\n| Total | 30 |";
    expect(rulesOf("timeline", text)).toEqual(["story_point_arithmetic", "story_point_distribution"]);
  });
});

describe("a preamble before the heading", () => {
  it("is a critical violation, and a reply that starts with its heading is not", () => {
    const body = "The feature adds a PDF export of invoices for members, reachable from the invoice list.";
    expect(rulesOf("overview", `Here is the overview section:\n\n## Overview\n\n${body}`)).toEqual([
      "no_preamble",
    ]);
    expect(rulesOf("overview", `## Overview\n\n${body}`)).toEqual([]);
  });
});

describe("numbering gaps", () => {
  it("have one severity in requirements and acceptance criteria", () => {
    const fr = validateSection(
      "requirements",
      "## Requirements\n\n| ID | Requirement | Priority | Depends On | Source |\n|---|---|---|---|---|\n| FR-001 | a | Must | - | r1 |\n| FR-003 | b | Must | - | r2 |",
    ).violations.find((v) => v.rule === "fr_numbering");
    const ac = validateSection(
      "acceptance_criteria",
      "## Acceptance Criteria\n\n- AC-001: Given a member, when they export, then a PDF downloads.\n- AC-003: Given no invoices, when they export, then they see an empty state.",
    ).violations.find((v) => v.rule === "ac_numbering");
    expect([fr?.critical, ac?.critical]).toEqual([true, true]);
  });
});

describe("a project rule beats a generic mandate", () => {
  const project = {
    ownRules: { architecture: ["invoice-repository-only"], data_model: ["money-in-cents"] },
    existingTables: ["customers", "invoices"],
  };
  const spec =
    "## Technical Specification\n\nThe export reads through `InvoiceRepository` as rule invoice-repository-only asks. Structured logging with request ids; dependency scanning with npm audit; authentication on every endpoint.\n\n```ts\nexport async function exportInvoice(id: string): Promise<Uint8Array> { return render(await repo.find(id)); }\n```";
  const ddl =
    "## Data Model\n\n```sql\nCREATE TABLE invoice_exports (id uuid primary key, invoice_id uuid references invoices(id));\n```\n\nData classification: internal. Sensitive data protection: encrypted at rest. Consent and erasure: exports are deleted with the invoice.";

  it("lifts ports and adapters where the project has an architecture rule of its own", () => {
    expect(rulesOf("technical_specification", spec)).toEqual(["ports_and_adapters"]);
    expect(validateSection("technical_specification", spec, project).violations).toEqual([]);
  });

  it("lets DDL reference a table the project already has", () => {
    expect(rulesOf("data_model", ddl)).toEqual(["ddl_foreign_keys"]);
    expect(validateSection("data_model", ddl, project).violations).toEqual([]);
  });
});
