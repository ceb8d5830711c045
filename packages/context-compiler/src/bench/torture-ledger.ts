// What a torture run saw from outside the database: every acknowledged write, every write whose process
// was killed under it, every failure, every answer a reader got. The kills fire from here, on counts.
import type { PlannedKill, WriterName } from "./torture-plan.js";

/** A commit whose tool call or command reported success: it must be in the database afterwards. */
export interface AckedWrite {
  writer: WriterName;
  knowledge_version: number;
  /** `content` is the exact text written, where the writer chose it (the hook's rules are normalized on the way in). */
  docs: { doc_id: string; content?: string }[];
}

/** A reader's answer, as the client received it. */
export interface ReaderAnswer {
  reader: string;
  tool: "compile_context" | "workspace_status";
  isError: boolean;
  structured: unknown;
  text: string;
}

/** A writer slot: the process it runs now, and a kill that waits for the next one when none runs. */
export class WriterSlot {
  #kill: (() => void) | undefined;
  #pending = false;
  #hit = false;
  /** SIGKILLs this writer's processes received. */
  fired = 0;
  /** Set when the writer has made its last write: no kill is aimed at it any more. */
  done = false;

  constructor(readonly name: WriterName) {}

  /** Called as each process of this writer starts; a kill requested between two processes lands here. */
  running(kill: () => void): void {
    this.#kill = kill;
    if (this.#pending) this.fire();
  }

  kill(): void {
    if (this.#kill) this.fire();
    else this.#pending = true;
  }

  /** Whether the process that just ended was killed: its last write's outcome is unknown. */
  ended(): boolean {
    const hit = this.#hit;
    this.#hit = false;
    this.#kill = undefined;
    return hit;
  }

  private fire(): void {
    this.#pending = false;
    this.#hit = true;
    this.fired += 1;
    try {
      this.#kill?.();
    } catch {
      // The process had already exited: the kill found nothing to stop.
    }
  }
}

export class Ledger {
  readonly acked: AckedWrite[] = [];
  /** doc_ids whose writer was killed before it answered: present or absent, both are correct. */
  readonly unknown: string[] = [];
  readonly failures: string[] = [];
  readonly answers: ReaderAnswer[] = [];

  readonly #plan: PlannedKill[];

  constructor(
    plan: readonly PlannedKill[],
    private readonly slots: ReadonlyMap<WriterName, WriterSlot>,
  ) {
    this.#plan = [...plan];
  }

  ack(write: AckedWrite): void {
    this.acked.push(write);
    while (this.#plan.length > 0 && (this.#plan[0] as PlannedKill).atAck <= this.acked.length) {
      const kill = this.#plan.shift() as PlannedKill;
      // The writer just acknowledged may be on its last write: a kill aimed at it could never land.
      const live = [...this.slots.values()].filter((s) => !s.done && s.name !== write.writer);
      live[Math.floor(kill.pick * live.length)]?.kill();
    }
  }

  fail(writer: string, what: string): void {
    this.failures.push(`${writer}: ${what}`);
  }
}
