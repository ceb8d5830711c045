// What determinism is checked on in tests (P-1): the canonical bytes of a compile response without what
// varies with time or with the database that answered.
import { canonicalJson } from "@archon/core";
import type { CompileResponse } from "../services/compile-service.js";

/**
 * The part of a response that must be byte-identical for the same request and the same knowledge_hash
 * (P-1), on this database or on another built from the same rules: all but what varies with time
 * (compile_id, notices, suggestions) and the names this database gave the knowledge (knowledge_version,
 * snapshot_id, edge rowids).
 */
export function deterministicPart(response: CompileResponse): string {
  const {
    compile_id: _id,
    notices: _notices,
    suggestions: _suggestions,
    knowledge_version: _version,
    snapshot_id: _snapshot,
    ...rest
  } = response;
  const debug = rest.debug_info && { ...rest.debug_info, resolution_edge_ids: undefined };
  return canonicalJson({ ...rest, debug_info: debug });
}
