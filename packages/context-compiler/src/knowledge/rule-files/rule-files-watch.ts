// What a process that keeps the knowledge base open does before each compile: a look at git's small ref
// files, and an absorption of the committed rule files only when the ref may have moved (a pull, a
// checkout, a commit). Any failure (an unreadable config, a database that cannot be written) becomes a
// warning of the compile, never a failure of it.
import { UserError } from "@archon/core";
import { absorbedRefStamp, absorbedStamp } from "../../store/rule-files.js";
import { absorbRulesFrom } from "../project-config.js";
import type { WriteContext } from "../write-context.js";
import { absorbRuleFiles } from "./absorb-rule-files.js";
import { RefStamp } from "./ref-stamp.js";
import { RULE_FILES_DIR } from "./rule-file-text.js";
import { needsFirstWriting, writeAllRuleFiles } from "./write-rule-files.js";

export class RuleFilesWatch {
  #refStamp: RefStamp | undefined;
  #seen: string | undefined;
  /** The last absorption read the working folder, not a commit. */
  #readsFolder = false;

  constructor(private readonly ctx: WriteContext) {}

  /**
   * Absorbs now, whatever the stamp says: at open, and after the stamp moved (`taken`, the stamp seen
   * before git is asked). Returns a warning or undefined.
   */
  absorb(taken?: string): string | undefined {
    return this.#absorb(taken).warning;
  }

  /** The absorption and whether it ran: one that failed (a locked database, git) leaves the stamp unseen. */
  #absorb(taken?: string): { warning?: string; failed: boolean } {
    try {
      const stamp = this.#refStamp;
      const folder = this.#readsFolder;
      const steady = stamp && taken !== undefined ? { taken, now: () => stamp.stamp(folder) } : undefined;
      const result = absorbRuleFiles(this.ctx, steady);
      // git found the repository on disk but would not read it: the folder is the source, and its time counts.
      this.#readsFolder = absorbedStamp(this.ctx.db)?.startsWith("worktree:") ?? false;
      if (result.problems.length === 0) return { failed: false };
      const warning = `Some committed rule files could not be read; the rules they held before stay in force: ${result.problems.join("; ")}.`;
      return { warning, failed: false };
    } catch (error) {
      // Fail-open: a compile answers from the knowledge it has, and says why it could not absorb.
      const why = error instanceof UserError ? error.describe() : (error as Error).message;
      const warning = `The committed rule files were not absorbed (${why}); the knowledge base answers as it was.`;
      return { warning, failed: true };
    }
  }

  /**
   * A database from before rule files were the source has its approved rules written out once, so that
   * a commit can carry them; says what it wrote. Undefined when there was nothing to write.
   */
  writeFirstFiles(): string | undefined {
    if (!needsFirstWriting(this.ctx.db)) return undefined;
    try {
      const done = writeAllRuleFiles(this.ctx);
      const kept =
        done.kept.length > 0 ? ` Left as they are (they hold other edits): ${done.kept.join(", ")}.` : "";
      if (done.written.length === 0) return kept === "" ? undefined : kept.trim();
      return `wrote ${done.written.length} rule file(s) to ${RULE_FILES_DIR}/: they are now the source of this project's knowledge; commit them so teammates get the same rules.${kept}`;
    } catch (error) {
      const why = error instanceof UserError ? error.describe() : (error as Error).message;
      return `The rule files could not be written (${why}); they are written at the next change to knowledge.`;
    }
  }

  /**
   * The cheap check before a compile; absorbs when the ref may have moved. A process that opens at the
   * stamp the last absorption from git recorded starts no git at all: that commit is absorbed already.
   */
  check(): string | undefined {
    this.#refStamp ??= new RefStamp(this.ctx.projectRoot, this.#ref());
    const stamp = this.#refStamp.stamp(this.#readsFolder);
    if (stamp === this.#seen) return undefined;
    // Outside git the folder is the source and an edit in place keeps its stamp: it is read at every open.
    if (this.#refStamp.inGit && stamp === absorbedRefStamp(this.ctx.db)) {
      this.#seen = stamp;
      return undefined;
    }
    const { warning, failed } = this.#absorb(stamp);
    // Only an absorption that ran marks the stamp seen: after a failure the next compile tries again.
    if (!failed) this.#seen = stamp;
    return warning;
  }

  #ref(): string {
    try {
      return absorbRulesFrom(this.ctx.projectRoot);
    } catch {
      return "HEAD";
    }
  }
}
