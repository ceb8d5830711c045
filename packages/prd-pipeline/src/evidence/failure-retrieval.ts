// Maps validation failures to corrective recall queries: used by the retry path and map_failure_to_retrieval.
import { allRules } from "../validation/catalogue.js";

export interface FailureRef {
  rule: string;
  section_type?: string;
}

export interface RetrievalQuery {
  rules: string[];
  topic: string;
  query: string;
}

/** One query per distinct topic, in order of first appearance; unknown rules use their own words. */
export function mapFailuresToRetrieval(failures: readonly FailureRef[], feature: string): RetrievalQuery[] {
  const topics = new Map(allRules().map((r) => [r.id, r.topic]));
  const byTopic = new Map<string, string[]>();
  for (const f of failures) {
    const topic = topics.get(f.rule) ?? f.rule.replace(/_/g, " ");
    const rules = byTopic.get(topic) ?? [];
    if (!rules.includes(f.rule)) rules.push(f.rule);
    byTopic.set(topic, rules);
  }
  return [...byTopic.entries()].map(([topic, rules]) => ({
    rules,
    topic,
    query: `${topic} ${feature}`.trim(),
  }));
}

/** The single corrective query a retry sends: every failed topic, then the feature. */
export function correctiveQuery(failures: readonly FailureRef[], feature: string): string {
  const topics = mapFailuresToRetrieval(failures, "").map((q) => q.topic);
  return `${topics.join(" ")} ${feature}`.trim();
}
