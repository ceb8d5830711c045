// What the hooks absorb from .archon/rules.md: only the text git has committed, the team's review path.
import { lstatSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "@archon/core";
import { runGit } from "../git.js";
import { readProjectFile } from "../project-path.js";
import { replaceProjectFile } from "../project-write.js";
import { parseRulesFile, RULES_FILE, type RuleSection } from "./rules-file.js";
import { diffRules, type RulesOnDisk, standingRules } from "./rules-on-disk.js";

/**
 * The committed text the hooks last absorbed, and whether the hook already said that outside git it
 * absorbs nothing. The base lets a rule confirmed since the last commit stand: only what changed between
 * two committed texts is applied, never "the committed file wins over everything".
 */
export interface CommittedBase {
  committed: string | null;
  told_outside_git: boolean;
}

const BASE_FILE = join(".archon", "hooks", "rules-base.json");

/** Read and written through the project's guards: a repository could commit the file as a link out. */
export function readCommittedBase(projectRoot: string): CommittedBase {
  if (lstatSync(join(projectRoot, BASE_FILE), { throwIfNoEntry: false }) === undefined)
    return { committed: null, told_outside_git: false };
  const text = readProjectFile(projectRoot, BASE_FILE, "rules_base").text;
  try {
    const data = JSON.parse(text) as Partial<CommittedBase>;
    return {
      committed: typeof data.committed === "string" ? data.committed : null,
      told_outside_git: data.told_outside_git === true,
    };
  } catch {
    return { committed: null, told_outside_git: false };
  }
}

export function writeCommittedBase(projectRoot: string, base: CommittedBase): void {
  replaceProjectFile({ root: projectRoot }, join(projectRoot, BASE_FILE), `${JSON.stringify(base)}\n`);
}

/** The project root is inside a git work tree (git is installed and answers). */
export const inGitWorkTree = (projectRoot: string) =>
  runGit(projectRoot, ["rev-parse", "--is-inside-work-tree"])?.trim() === "true";

/** rules.md as HEAD has it, or undefined when HEAD has no such file (or no commit yet). */
export const committedRulesText = (projectRoot: string) =>
  runGit(projectRoot, ["show", `HEAD:./${RULES_FILE}`]);

const parsed = (text: string | undefined): RulesOnDisk => {
  if (text === undefined) return { state: "missing", sections: [] };
  const sections = parseRulesFile(text);
  return { state: sections.length === 0 ? "empty" : "present", sections };
};

/**
 * The file the knowledge base should now read as: its standing rules with the changes between the
 * base and the committed text applied. Without a base (the first run, a fresh clone) only the rules the
 * knowledge base lacks are taken: its other differences from an older commit may be decisions confirmed
 * since, which the commit must not undo.
 */
export function committedTarget(db: Db, base: string | null, committed: string | undefined): RulesOnDisk {
  const current = standingRules(db);
  const from: readonly RuleSection[] = base === null ? current : parsed(base).sections;
  const changes = diffRules(parsed(committed), from);
  const target = new Map(current.map((r) => [r.doc_id, r]));
  for (const s of changes.added) target.set(s.doc_id, s);
  if (base !== null) {
    for (const s of changes.updated) target.set(s.doc_id, s);
    for (const id of changes.deprecated) target.delete(id);
  }
  const sections = [...target.values()];
  return { state: sections.length === 0 ? "empty" : "present", sections };
}
