// The lines archon setup ends with: what it registered, removed, bootstrapped, proposed and deployed.
import type { SetupOutcome } from "../setup/setup-apply.js";

/** What setup did, a line each, for the person who ran it. */
export function setupReport(outcome: SetupOutcome): string[] {
  const lines: string[] = [];
  for (const r of outcome.registrations) {
    for (const f of r.files)
      if (f.backup)
        lines.push(
          `${r.agent}: ${f.path} as it was is kept at ${f.backup}; delete the copy once the new file works for you.`,
        );
    for (const step of r.personal) {
      const what = `${step.servers.join(" and ")} (${r.agent === "claude" ? "personal scope" : "this project"})`;
      if (step.status === "registered") lines.push(`${r.agent}: registered ${what}.`);
      if (step.status === "manual")
        lines.push(
          `${r.agent}: register ${what} yourself: ${step.instructions}${r.agent === "claude" ? "" : `\n  (${step.detail})`}`,
        );
      if (step.status === "failed")
        lines.push(`${r.agent}: registering ${what} failed (${step.detail}); run: ${step.instructions}`);
    }
    for (const old of r.retired) {
      if (old.status === "removed")
        lines.push(
          `${r.agent}: removed ${old.server} from ${old.where} (an older setup registered it there${old.detail ? `; ${old.detail}` : ""}).`,
        );
      if (old.status === "failed")
        lines.push(
          `${r.agent}: could not remove ${old.server} from ${old.where} (${old.detail}); run: ${old.instructions}`,
        );
    }
  }
  if (outcome.init?.template)
    lines.push(
      `Bootstrapped ${outcome.init.documents_created.length} rules from ${outcome.init.template} ${outcome.init.version}.`,
    );
  const { upgrade, rebaselined } = outcome;
  if (upgrade?.bundle_id)
    lines.push(
      `Template upgrade ${upgrade.template} ${upgrade.from_version} → ${upgrade.to_version} proposed as bundle ${upgrade.bundle_id}: review it with archon proposals, approve it with archon approve ${upgrade.bundle_id}.`,
    );
  if (rebaselined?.changed)
    lines.push(
      `Template ${rebaselined.template} ${rebaselined.to_version} recorded as applied (its upgrade was decided)${rebaselined.user_modified.length > 0 ? `; left to their users: ${rebaselined.user_modified.join(", ")}` : ""}.`,
    );
  lines.push(
    `Adapters: ${outcome.adapters.written} file(s) written, ${outcome.adapters.conflicts} hand-written file(s) left alone.`,
  );
  return lines;
}
