// What a process that keeps the knowledge base open does before each compile: a look at git's small ref
// files, and an absorption of the committed rule files only when the ref may have moved (a pull, a
// checkout, a commit). Any failure (an unreadable config, a database that cannot be written) becomes a
// warning of the compile, never a failure of it.
import { UserError } from "@archon/core";
import { absorbRulesFrom } from "../project-config.js";
import type { WriteContext } from "../write-context.js";
import { absorbRuleFiles } from "./absorb-rule-files.js";
import { RefStamp } from "./ref-stamp.js";
import { needsFirstWriting, writeAllRuleFiles } from "./render-rule-files.js";
import { RULE_FILES_DIR } from "./rule-file-text.js";

export class RuleFilesWatch {
  #refStamp: RefStamp | undefined;
  #seen: string | undefined;

  constructor(private readonly ctx: WriteContext) {}

  /** Absorbs now, whatever the stamp says: at open, and after the stamp moved. Returns a warning or undefined. */
  absorb(): string | undefined {
    try {
      const result = absorbRuleFiles(this.ctx);
      if (result.problems.length === 0) return undefined;
      return `Some committed rule files could not be read; the rules they held before stay in force: ${result.problems.join("; ")}.`;
    } catch (error) {
      // Fail-open: a compile answers from the knowledge it has, and says why it could not absorb.
      const why = error instanceof UserError ? error.describe() : (error as Error).message;
      return `The committed rule files were not absorbed (${why}); the knowledge base answers as it was.`;
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

  /** The cheap check before a compile; absorbs when the ref may have moved. */
  check(): string | undefined {
    this.#refStamp ??= new RefStamp(this.ctx.projectRoot, this.#ref());
    const stamp = this.#refStamp.stamp();
    if (stamp === this.#seen) return undefined;
    this.#seen = stamp;
    return this.absorb();
  }

  #ref(): string {
    try {
      return absorbRulesFrom(this.ctx.projectRoot);
    } catch {
      return "HEAD";
    }
  }
}
