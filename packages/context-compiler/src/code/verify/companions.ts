// require_companion: a file a constraint covers must not change alone; each companion glob (filled from
// the changed file's folder and name) must match another file of the same change.
import { makeMatcher } from "../../read/glob.js";
import { companionShape, fillCompanion } from "./verify-block.js";

export interface MissingCompanion {
  rule: string;
  /** The glob with the trigger file's {dir}, {name}, {ext} and {file} filled in. */
  expected: string;
}

/** The companion rules `file` breaks, given every path of the change; a file of a rule's companion kind triggers none. */
export function missingCompanions(
  file: string,
  rules: readonly string[],
  changed: readonly string[],
): MissingCompanion[] {
  const missing: MissingCompanion[] = [];
  for (const rule of rules) {
    if (makeMatcher(companionShape(rule))(file)) continue;
    const expected = fillCompanion(rule, file);
    const match = makeMatcher(expected);
    if (!changed.some((other) => other !== file && match(other))) missing.push({ rule, expected });
  }
  return missing;
}
