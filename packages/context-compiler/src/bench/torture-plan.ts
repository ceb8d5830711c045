// The shape of one multi-process torture run on a single knowledge database, and its seeded kill plan:
// which writer dies at which count of acknowledged writes, so the same seed kills the same way.

export interface TortureSize {
  /** Seeds every choice the run makes: which writer is killed, and when. */
  seed: number;
  /** `archon --surface admin` servers calling import_doc. */
  adminServers: number;
  /** import_doc calls each admin writer makes (a killed call counts). */
  importsPerServer: number;
  /** `archon --surface agent` servers compiling and asking workspace_status until the writers stop. */
  agentServers: number;
  /** Rounds of each command-line writer: `archon approve`, `archon seed`, `archon sync-rules --hook`. */
  cliRounds: number;
  /** Writer processes killed with SIGKILL while they work. */
  kills: number;
  /** The run stops starting writes after this long, whatever the counts (a bound, not a measurement). */
  maxMs: number;
}

/** The writer roles a kill can hit; `admin-N` is the N-th admin server. */
export type WriterName = `admin-${number}` | "approve" | "seed" | "hook";

export interface PlannedKill {
  /** Fires when the run's acknowledged writes reach this count. */
  atAck: number;
  /** Picks the victim among the writers still at work then, other than the one just acknowledged. */
  pick: number;
}

/** mulberry32: a small seeded generator, enough to make the run's choices repeatable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function writerNames(size: TortureSize): WriterName[] {
  const admins = Array.from({ length: size.adminServers }, (_, i): WriterName => `admin-${i}`);
  return [...admins, "approve", "seed", "hook"];
}

/** The writes the run can be acknowledged at most, when nothing is killed. */
export const plannedWrites = (size: TortureSize) =>
  size.adminServers * size.importsPerServer + 3 * size.cliRounds;

/**
 * `kills` kills spread over the first two thirds of the planned writes (later, most writers have
 * finished), each at a seeded count with a seeded pick of the victim, in the order they fire.
 */
export function planKills(size: TortureSize): PlannedKill[] {
  const random = seededRandom(size.seed);
  const span = Math.max(1, Math.floor((plannedWrites(size) * 2) / 3));
  const kills = Array.from({ length: size.kills }, () => ({
    atAck: 1 + Math.floor(random() * span),
    pick: random(),
  }));
  return kills.sort((a, b) => a.atAck - b.atAck);
}
