import { describe, expect, it } from "vitest";
import { clampPerformance } from "../verification/consensus.js";
import type { Claim } from "../verification/types.js";
import { measurementMethod } from "./measurement-method.js";
import { validateSection } from "./validate-section.js";

const row = (target: string, method: string) => `| NFR-LOCK-01 | ${target} | ${method} | Must |`;

function nfrTable(...rows: string[]): string {
  return [
    "## Performance Requirements",
    "",
    "| ID | Target | Measurement | Priority |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}

const flagged = (content: string) =>
  validateSection("performance_requirements", content).violations.filter(
    (v) => v.rule === "nfr_measurement_method",
  );

describe("nfr_measurement_method reads measurements the way engineers write them", () => {
  it("accepts timestamps computed in staging, a timed autocannon run and other real methods", () => {
    const content = nfrTable(
      row(
        "Reminder e-mails leave within 60 s",
        "outbox timestamps min(created_at) to max(sent_at) in staging",
      ),
      row("Invoice list answers in 150 ms at p95", "an autocannon run of 60 s against the staging API"),
      row("Schedule job finishes in 5 min", "p99 from the Prometheus histogram job_duration_seconds"),
      row("Lock wait under 50 ms", "EXPLAIN ANALYZE on a copy of production volume"),
      row("PDF render under 2 s", "a soak run of 2 h with artillery"),
    );
    expect(flagged(content)).toEqual([]);
  });

  it("flags a bare target that names no way to measure it", () => {
    const content = nfrTable(row("Invoice list answers in 150 ms at p95", "Must be fast"));
    expect(flagged(content)).toEqual([
      expect.objectContaining({
        message: "An NFR names no measurement method.",
        offending_content: row("Invoice list answers in 150 ms at p95", "Must be fast"),
        location: "line 5",
      }),
    ]);
  });

  it("names the words of the method, and nothing for a target alone", () => {
    expect(measurementMethod("outbox timestamps min(created_at) to max(sent_at) in staging")).toBe(
      "timestamps",
    );
    expect(measurementMethod("an autocannon run of 60 s")).toBe("autocannon");
    expect(measurementMethod("a run of 60 s against staging")).toBe("run of 60 s");
    expect(measurementMethod("within 200 ms at p95")).toBeNull();
  });
});

describe("the performance clamp uses the same recogniser", () => {
  it("turns PASS into SPEC-COMPLETE when the claim measures with outbox timestamps", () => {
    const claim: Claim = {
      claim_id: "NFR-LOCK-01",
      claim_type: "performance",
      text: "NFR-LOCK-01 | Reminder e-mails leave within 60 s",
      evidence: row(
        "Reminder e-mails leave within 60 s",
        "outbox timestamps min(created_at) to max(sent_at)",
      ),
      source_section: "performance_requirements",
      mechanical: false,
    };
    expect(clampPerformance(claim, "PASS")).toEqual({ verdict: "SPEC-COMPLETE", method: "timestamps" });
  });
});
