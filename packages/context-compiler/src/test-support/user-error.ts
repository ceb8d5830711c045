// The UserError a call throws: how tests compare a refusal's whole wording.
import { UserError } from "@archon/core";

/** The UserError `run` throws; fails the test when it throws nothing or something else. */
export function refusal(run: () => unknown): UserError {
  try {
    run();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
