// What Archon's index says about the names a claim cites (a file or symbol exists, an endpoint is new): the
// evidence judges weigh and the verification report lists.
import { z } from "zod";

const nameCheckSchema = z.object({
  name: z.string(),
  kind: z.enum(["file", "symbol", "endpoint", "table", "column", "rule"]),
  exists: z.boolean(),
  where: z.string().nullable(),
});
export type IndexCheck = z.infer<typeof nameCheckSchema>;

const archonGraphSchema = z.object({ source: z.literal("archon"), checks: z.array(nameCheckSchema) });

/** The name checks of an in-process graph validation; [] for an external server's answer or none. */
export function indexChecks(graphValidation: unknown): IndexCheck[] {
  const parsed = archonGraphSchema.safeParse(graphValidation);
  return parsed.success ? parsed.data.checks : [];
}

export function describeCheck(check: IndexCheck): string {
  if (check.exists) return `\`${check.name}\`: ${check.kind} exists in the index (${check.where})`;
  return check.kind === "endpoint"
    ? `\`${check.name}\`: no route for this endpoint in the index (it would be new)`
    : `\`${check.name}\`: no such ${check.kind} in the index (new, or a wrong name)`;
}

/** The checks of the names a claim's text or evidence mentions, in check order. */
export function evidenceFor(claimText: string, checks: readonly IndexCheck[]): IndexCheck[] {
  return checks.filter((c) => claimText.includes(c.name));
}
