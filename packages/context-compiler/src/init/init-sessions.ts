// Previews waiting for confirmation, kept in memory by one server process: a hash from elsewhere is stale.
import type { SeedPlan } from "../knowledge/seed-file.js";
import type { InitPreview } from "./init-preview.js";
import { defaultTemplatesDir } from "./template-catalog.js";

export interface StoredPreview {
  preview: InitPreview;
  plan: SeedPlan;
  /** The knowledge_version the preview was computed against; confirmation refuses once it moved. */
  knowledge_version: number;
}

/**
 * One per server (the ArchonContext holds it), never module state: a preview_hash is only honoured by
 * the process that produced it, and two servers in one process must not share previews either.
 */
export class InitSessions {
  readonly #previews = new Map<string, StoredPreview>();

  /** `templatesDir` is the bundled templates folder unless --templates overrides it. */
  constructor(readonly templatesDir: string = defaultTemplatesDir()) {}

  remember(hash: string, stored: StoredPreview): void {
    this.#previews.set(hash, stored);
  }

  lookup(hash: string): StoredPreview | undefined {
    return this.#previews.get(hash);
  }

  forget(hash: string): void {
    this.#previews.delete(hash);
  }
}

/** What the init and upgrade tools need from their context besides ArchonContext. */
export interface HasInitSessions {
  init: InitSessions;
}
