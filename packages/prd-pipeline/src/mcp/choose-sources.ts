// Which sources ground this server's runs: Archon where the project has its database (the default), the
// external servers of the protocol, or none; and the in-process servers Archon's choice needs.
import { UserError } from "@archon/core";
import { ARCHON_DB, hasArchonDatabase, openGrounding, type ProjectGrounding } from "archon/grounding";
import { archonCodebaseServer } from "../archon-servers/codebase-server.js";
import { archonMemoryServer } from "../archon-servers/memory-server.js";
import type { InProcessServers } from "../run-model/in-process.js";
import type { RunSources, SourceMode } from "../run-model/sources.js";

export interface ChosenSources {
  sources: RunSources;
  /** The Archon database read for grounding, when a source is Archon. */
  archonDb: string | null;
  inProcess: InProcessServers;
  close(): void;
}

export function chooseSources(
  projectRoot: string,
  requested: { codebase?: SourceMode; memory?: SourceMode; archonDbPath?: string },
): ChosenSources {
  const present = hasArchonDatabase(projectRoot, requested.archonDbPath);
  const fallback: SourceMode = present ? "archon" : "external";
  const sources: RunSources = {
    codebase: requested.codebase ?? fallback,
    memory: requested.memory ?? fallback,
  };
  const wantsArchon = sources.codebase === "archon" || sources.memory === "archon";
  if (!wantsArchon) return { sources, archonDb: null, inProcess: {}, close: () => {} };
  const grounding: ProjectGrounding | undefined = present
    ? openGrounding(projectRoot, { dbPath: requested.archonDbPath })
    : undefined;
  if (!grounding) {
    const which = sources.codebase === "archon" ? "--codebase archon" : "--memory archon";
    throw new UserError(
      `${which} needs the project's Archon database, and ${requested.archonDbPath ?? `${projectRoot}/${ARCHON_DB}`} does not exist.`,
      "Run `archon setup` in the project (then `archon reindex-symbols`), or start archon-prd with --codebase external or --codebase none.",
    );
  }
  return {
    sources,
    archonDb: grounding.dbPath,
    inProcess: {
      ...(sources.codebase === "archon" ? { codebase: archonCodebaseServer(grounding) } : {}),
      ...(sources.memory === "archon" ? { memory: archonMemoryServer(grounding.recall) } : {}),
    },
    close: () => grounding.close(),
  };
}
