// The message of the UserError a call throws: how tests compare a refusal's whole wording.
import { UserError } from "@archon/core";

/** `run`'s UserError message; any other error is rethrown, and no error at all fails the test. */
export function userErrorMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof UserError) return error.message;
    throw error;
  }
  throw new Error("expected a refusal");
}
