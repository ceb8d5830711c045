// Which files a run writes under prd-output/<run_id>/, what goes in each, and why any file is skipped.
import type { RunState } from "../run-model/state.js";
import { CLARIFICATIONS_FILE, clarificationRecord } from "./clarification-record.js";
import { CONTEXTS } from "./contexts.js";
import { GROUNDING_FILE, groundingRecord } from "./grounding-record.js";
import { SECTION_TITLES, type SectionType } from "./section-catalogue.js";

interface FileSpec {
  name: string;
  title: string;
  /** The file is written when one of these passed. */
  primary: readonly SectionType[];
  /** Included when present, but never the reason to write the file. */
  companion?: readonly SectionType[];
  /** Set for files that later steps produce; the export step leaves them to that step. */
  laterStep?: string;
}

export const FILE_SPECS: readonly FileSpec[] = [
  {
    name: "01-prd.md",
    title: "Product Requirements",
    primary: [
      "overview",
      "goals",
      "assumptions",
      "requirements",
      "user_stories",
      "technical_specification",
      "acceptance_criteria",
      "open_questions",
      "decision_log",
    ],
  },
  { name: "02-data-model.md", title: "Data Model", primary: ["data_model"] },
  { name: "03-api-spec.md", title: "API Specification", primary: ["api_specification"] },
  {
    name: "04-security.md",
    title: "Security and Performance",
    primary: ["security_considerations", "performance_requirements"],
  },
  { name: "05-testing.md", title: "Testing", primary: ["testing"], companion: ["acceptance_criteria"] },
  {
    name: "06-deployment.md",
    title: "Deployment, Rollout, Timeline and Risks",
    primary: ["deployment", "rollout_plan", "timeline", "risks"],
  },
  { name: "07-jira-tickets.md", title: "Jira Tickets", primary: ["jira_tickets"] },
  { name: "08-source-code.md", title: "Source Code", primary: ["source_code"], laterStep: "implementation" },
  { name: "09-test-code.md", title: "Test Code", primary: ["test_code"], laterStep: "testing" },
  {
    name: "10-verification-report.md",
    title: "Verification Report",
    primary: [],
    laterStep: "implementation_gate",
  },
];

export interface PlannedFile {
  path: string;
  content: string;
}

export function outputDir(runId: string): string {
  return `prd-output/${runId}`;
}

function sectionContent(state: RunState, type: SectionType): string | null {
  if (type === "jira_tickets") return state.jira.status === "passed" ? state.jira.content : null;
  const section = state.sections.find((s) => s.type === type);
  return section?.status === "passed" ? section.content : null;
}

function skipReason(state: RunState, spec: FileSpec): string {
  if (spec.laterStep) return `written by the ${spec.laterStep} step, only when the PRD is implemented`;
  if (spec.primary.includes("jira_tickets"))
    return "Jira ticket generation failed or had no requirements to work from";
  const planned = new Set<SectionType>(CONTEXTS[state.prd_context ?? "feature"].sections);
  return spec.primary.some((t) => planned.has(t)) ? "its sections failed validation" : "not in this context";
}

/** Backticked identifiers and paths of the technical specification: what the change claims to touch. */
export function affectedSymbols(state: RunState): string | null {
  const spec = state.sections.find((s) => s.type === "technical_specification");
  if (!spec || spec.attempt === 0 || spec.content === null) return null;
  const symbols = new Set<string>();
  const files = new Set<string>();
  const parts = spec.content.split("`");
  for (let i = 1; i < parts.length; i += 2) {
    const token = (parts[i] ?? "").trim();
    if (token === "" || token.length > 120 || token.includes(" ")) continue;
    if (token.includes("/") || /\.[a-z]{1,5}$/.test(token)) files.add(token);
    else if (/^[A-Za-z_][A-Za-z0-9_.:]*(?:\(\))?$/.test(token)) symbols.add(token.replace(/\(\)$/, ""));
  }
  const scope = spec.content
    .split("\n")
    .filter((l) => /\b(scope|affect|touch|impact)/i.test(l))
    .map((l) => l.trim())
    .slice(0, 20);
  const data = {
    run_id: state.run_id,
    section: "technical_specification",
    status: spec.status,
    symbols: [...symbols].sort(),
    files: [...files].sort(),
    scope,
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The files to write, in numbering order; `00-run-notes.md` first whenever anything was skipped. */
export function planFiles(state: RunState): PlannedFile[] {
  const dir = outputDir(state.run_id);
  const files: PlannedFile[] = [];
  const notes: string[] = [];
  for (const spec of FILE_SPECS) {
    const primary = spec.laterStep ? [] : spec.primary.map((t) => [t, sectionContent(state, t)] as const);
    if (!primary.some(([, c]) => c !== null)) {
      // The gate writes the verification report on every run, so it is never a skipped file.
      if (spec.laterStep === "implementation_gate") continue;
      notes.push(`- \`${spec.name}\` was not written: ${skipReason(state, spec)}.`);
      continue;
    }
    const bodies: string[] = [];
    for (const type of [...spec.primary, ...(spec.companion ?? [])]) {
      const content = sectionContent(state, type);
      if (content !== null) bodies.push(content.trim());
      else if (state.sections.some((s) => s.type === type && s.status === "failed")) {
        notes.push(
          `- \`${spec.name}\`: the ${SECTION_TITLES[type]} section is left out; it failed validation.`,
        );
      }
    }
    const header = `# ${spec.title}: ${state.feature_description}\n\nRun \`${state.run_id}\`, PRD context: ${state.prd_context ?? "unknown"}.\n`;
    files.push({ path: `${dir}/${spec.name}`, content: `${header}\n${bodies.join("\n\n")}\n` });
  }
  const record = clarificationRecord(state);
  if (record !== null) files.push({ path: `${dir}/${CLARIFICATIONS_FILE}`, content: record });
  const grounding = groundingRecord(state);
  if (grounding !== null) files.push({ path: `${dir}/${GROUNDING_FILE}`, content: grounding });
  const symbols = affectedSymbols(state);
  if (symbols !== null) files.push({ path: `${dir}/affected-symbols.json`, content: symbols });
  else
    notes.push("- `affected-symbols.json` was not written: no technical specification ran in this context.");
  if (notes.length > 0) {
    const text = `# Run notes: ${state.run_id}\n\nFiles that were skipped or shortened, and why.\n\n${notes.join("\n")}\n`;
    files.unshift({ path: `${dir}/00-run-notes.md`, content: text });
  }
  return files;
}
