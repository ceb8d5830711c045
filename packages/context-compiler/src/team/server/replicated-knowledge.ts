// Several team-server instances on one shared store. The store keeps the ordered log of write calls;
// each instance keeps a working SQLite database and brings it up to date by replaying, in order, the
// calls it has not applied. Archon's writes are deterministic given the rows, the arguments, the clock
// and the ids, so a replayed call (with the call's time and ids derived from its id) writes exactly the
// rows its first run wrote, on every instance: one engine, no second implementation of approval in SQL.
import {
  type Clock,
  canonicalJson,
  type Db,
  derivedIds,
  InternalError,
  manualClock,
  randomIds,
} from "@archon/core";
import type { ArchonContext } from "../../context/archon-context.js";
import type { Surface } from "../../knowledge/surface.js";
import type { LoggedCall, LogWriter, TeamRepository } from "../../store/team/team-repository.js";
import {
  appliedSeq,
  beginWrite,
  blobsNewIn,
  type SnapshotRecord,
  setAppliedSeq,
  snapshotRecordsAfter,
} from "../../store/team/team-working.js";
import { readVersion } from "../../store/version.js";
import { ReadWriteLock } from "./read-write-lock.js";

/** A write the log can carry: what it does to the working database, from its arguments and context. */
export interface LoggedWrite {
  name: string;
  run(args: never, ctx: ArchonContext): unknown | Promise<unknown>;
}

/** Who made a write, and on which surface (a tool answers an agent and an admin differently). */
export interface Caller {
  actor: string;
  surface: Surface;
}

/** The log's name of a call: the tool's, after the surface when it is not the admin one. */
const loggedName = (surface: Surface, tool: string) => (surface === "admin" ? tool : `${surface}/${tool}`);

function callerOf(call: Pick<LoggedCall, "tool" | "actor">): Caller & { tool: string } {
  const [surface, tool] = call.tool.includes("/") ? call.tool.split("/", 2) : ["admin", call.tool];
  return { actor: call.actor, surface: surface as Surface, tool: tool as string };
}

export type WriteOutcome = { status: "applied"; result: unknown } | { status: "duplicate"; call: LoggedCall };

/** How many calls one read of the log brings; catching up loops until none are left. */
const CATCH_UP_PAGE = 200;

/** The log reads a replay needs: the store's own, or those of the write transaction holding its lock. */
type LogReader = Pick<LogWriter, "callsAfter" | "versionsAfter">;

export class ReplicatedKnowledge {
  readonly #lock = new ReadWriteLock();
  #diverged: string | undefined;
  readonly #writes: ReadonlyMap<string, LoggedWrite>;

  constructor(
    readonly repo: TeamRepository,
    readonly ctx: ArchonContext,
    writes: readonly LoggedWrite[],
    private readonly clock: Clock,
  ) {
    this.#writes = new Map(writes.map((w) => [w.name, w]));
  }

  get db(): Db {
    return this.ctx.kdb.db;
  }

  /**
   * Runs `fn` alone on this instance, after bringing the working database up to date: no other request
   * uses the working connection meanwhile, so a write's open transaction is never seen.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.#lock.write(async () => {
      await this.catchUp(this.repo);
      return fn();
    });
  }

  /**
   * Runs `fn`, which only reads the working database, beside other readers (a slow verify_done holds up
   * no one) and never while a write's transaction is open. When the log has calls this database has not
   * applied, replaying them writes, so that runs alone first; a reader never waits for a catch-up that
   * is not needed.
   */
  async shared<T>(fn: () => Promise<T>): Promise<T> {
    const ran = await this.#lock.read(async () =>
      (await this.#behind()) ? undefined : { value: await fn() },
    );
    if (ran) return ran.value;
    return this.exclusive(fn);
  }

  async #behind(): Promise<boolean> {
    this.#refuseIfDiverged();
    return (await this.repo.callsAfter(appliedSeq(this.db), 1)).length > 0;
  }

  /** Replays every call of the log after the one this database applied last. */
  async catchUp(reader: LogReader): Promise<void> {
    this.#refuseIfDiverged();
    for (;;) {
      const calls = await reader.callsAfter(appliedSeq(this.db), CATCH_UP_PAGE);
      if (calls.length === 0) return;
      for (const call of calls) await this.#replay(reader, call);
    }
  }

  /**
   * Runs one write: holding the store's lock, caught up, applied to the working database and appended
   * to the log with the snapshots it made, in one transaction of the store; the working database
   * commits only after the store did. With an idempotency key, a call the log already has is not run.
   */
  async write(name: string, args: unknown, caller: Caller, idempotencyKey?: string): Promise<WriteOutcome> {
    const write = this.#writeNamed(name);
    // Set inside the store's transaction, settled after it: an object, so the closure's write is seen.
    const open: { local?: ReturnType<typeof beginWrite> } = {};
    try {
      const outcome = await this.repo.write(async (log): Promise<WriteOutcome> => {
        await this.catchUp(log);
        if (idempotencyKey) {
          const seen = await log.callByIdempotencyKey(idempotencyKey);
          if (seen) return { status: "duplicate", call: seen };
        }
        const head = await log.head();
        if (head.seq !== appliedSeq(this.db))
          throw new InternalError(
            `The working database is at call ${appliedSeq(this.db)}, the log at ${head.seq}.`,
          );
        const call = {
          call_id: randomIds.next("call"),
          tool: loggedName(caller.surface, name),
          // Run on the arguments as the log keeps them, so the first run and every replay read the same.
          args: canonicalJson(args ?? {}),
          actor: caller.actor,
          at: this.clock.now().toISOString(),
          idempotency_key: idempotencyKey ?? null,
        };
        const before = readVersion(this.db);
        open.local = beginWrite(this.db);
        const result = await write.run(JSON.parse(call.args) as never, this.#contextOf(call));
        setAppliedSeq(this.db, head.seq + 1);
        await this.#storeVersions(log, before, caller.actor);
        await log.append({ ...call, knowledge_version: readVersion(this.db) });
        return { status: "applied", result };
      });
      open.local?.commit();
      return outcome;
    } catch (error) {
      if (open.local) {
        open.local.rollback();
        this.ctx.compiler.forgetIndex();
      }
      throw error;
    }
  }

  async #storeVersions(log: LogWriter, before: number, actor: string): Promise<void> {
    let previous = before > 0 ? `snap_v${before}` : undefined;
    for (const row of snapshotRecordsAfter(this.db, before)) {
      await log.putVersion({ ...row, approved_by: actor }, blobsNewIn(this.db, row.snapshot_id, previous));
      previous = row.snapshot_id;
    }
  }

  async #replay(reader: LogReader, call: LoggedCall): Promise<void> {
    const write = this.#writes.get(callerOf(call).tool);
    const local = beginWrite(this.db);
    try {
      if (!write)
        throw new InternalError(`the log holds a call of "${call.tool}", which this version cannot run`);
      const before = readVersion(this.db);
      await write.run(JSON.parse(call.args) as never, this.#contextOf(call));
      setAppliedSeq(this.db, call.seq);
      const after = readVersion(this.db);
      if (after !== call.knowledge_version)
        throw new InternalError(
          `it reached knowledge version ${after} where the log says ${call.knowledge_version}`,
        );
      await this.#checkSnapshots(reader, snapshotRecordsAfter(this.db, before));
      local.commit();
    } catch (error) {
      local.rollback();
      this.ctx.compiler.forgetIndex();
      this.#diverged = `call ${call.seq} (${call.tool}) did not replay: ${(error as Error).message}`;
      this.#refuseIfDiverged();
    }
  }

  /** Every snapshot a replay wrote must be the one the log's instance wrote, byte for byte. */
  async #checkSnapshots(reader: LogReader, rows: readonly SnapshotRecord[]): Promise<void> {
    if (rows.length === 0) return;
    const first = rows[0] as SnapshotRecord;
    const stored = await reader.versionsAfter(first.knowledge_version - 1, rows.length);
    for (const [i, row] of rows.entries())
      if (stored[i]?.manifest_hash !== row.manifest_hash)
        throw new InternalError(`snapshot ${row.snapshot_id} differs from the one the team's store holds`);
  }

  #contextOf(call: Pick<LoggedCall, "call_id" | "at" | "actor" | "tool">): ArchonContext {
    const { actor, surface } = callerOf(call);
    return { ...this.ctx, surface, actor, clock: manualClock(call.at), ids: derivedIds(call.call_id) };
  }

  #writeNamed(name: string): LoggedWrite {
    const write = this.#writes.get(name);
    if (!write) throw new InternalError(`"${name}" is not a write the team's log carries`);
    return write;
  }

  #refuseIfDiverged(): void {
    if (this.#diverged)
      throw new InternalError(
        `This instance stopped applying the team's log (${this.#diverged}); restart it with a fresh working database.`,
      );
  }
}
