// The agent/admin boundary (INV-6): every write service asserts the surface as its first statement.
import { UserError } from "@archon/core";

export type Surface = "agent" | "admin";
export const SURFACES: readonly Surface[] = ["agent", "admin"];
/** The name each surface is registered under in a client's MCP config. */
export const SERVER_NAMES: Record<Surface, string> = { agent: "archon", admin: "archon-admin" };

export function assertAdminSurface(surface: Surface, operation: string): void {
  if (surface !== "admin") {
    throw new UserError(
      `${operation} is refused on the agent surface: the agent surface cannot change canonical knowledge.`,
      "Knowledge changes go through the admin surface (archon --surface admin), where a person approves them.",
    );
  }
}
