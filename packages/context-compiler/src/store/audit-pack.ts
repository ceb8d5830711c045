// The compact form of a compile's audit outcome: what was delivered and how, the budget, and the debug
// part (drops, near misses, layer classification), as varints over interned terms. A compile at 10k
// documents delivers about 170 documents; as JSON plus one row per document that cost about 35 KB of
// database per compile, packed it is well under 1 KB. Byte 0 names the format; format 0 is the old
// JSON kept as text, for the rare migrated row that could not be packed without changing it.
import type { BudgetDrop, NearMiss } from "../read/compile.js";
import type { LayerClassification } from "../read/resolve.js";

export type Delivery = "inline" | "deferred" | "omitted";

/** One delivered document, in result order (base documents, templates, expanded). */
export interface AuditDelivery {
  doc_id: string;
  delivery: Delivery;
  /** Why it was not inlined (the budget drop's reason); null for an inline document. */
  reason: string | null;
}

/** Everything of an outcome the audit keeps, in the shape the reader answers with. */
export interface AuditOutcome {
  deliveries: AuditDelivery[];
  budget: { inline_bytes: number; max_inline_bytes: number; content_mode: string };
  near_miss_edges: NearMiss[];
  layer_classification: LayerClassification[];
}

/** Term ids for strings, assigned once and never changed (see audit-terms.ts). */
export interface TermIds {
  id(term: string): number;
}
export interface TermNames {
  term(id: number): string;
}

const PACKED = 1;
const LEGACY_JSON = 0;

class Writer {
  #bytes: number[] = [];
  byte(b: number): void {
    this.#bytes.push(b);
  }
  varint(value: number): void {
    let v = value;
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`audit varint out of range: ${value}`);
    while (v >= 0x80) {
      this.#bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.#bytes.push(v);
  }
  done(): Buffer {
    return Buffer.from(this.#bytes);
  }
}

class Reader {
  #at = 1;
  constructor(private readonly bytes: Uint8Array) {}
  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const b = this.bytes[this.#at++];
      if (b === undefined) throw new Error("packed audit outcome ends early");
      value += (b & 0x7f) * scale;
      if (b < 0x80) return value;
      scale *= 0x80;
    }
  }
}

const DELIVERY_CODES: readonly Delivery[] = ["deferred", "omitted"];

export function packOutcome(outcome: AuditOutcome, terms: TermIds): Buffer {
  const w = new Writer();
  w.byte(PACKED);
  w.varint(outcome.budget.inline_bytes);
  w.varint(outcome.budget.max_inline_bytes);
  w.varint(terms.id(outcome.budget.content_mode));
  w.varint(outcome.deliveries.length);
  for (const d of outcome.deliveries) {
    w.varint(terms.id(d.doc_id));
    // 0 is inline; otherwise the delivery in the low bit and the reason's term above it.
    w.varint(
      d.delivery === "inline" ? 0 : 1 + DELIVERY_CODES.indexOf(d.delivery) + 2 * terms.id(d.reason ?? ""),
    );
  }
  w.varint(outcome.near_miss_edges.length);
  for (const m of outcome.near_miss_edges) {
    w.varint(terms.id(m.file));
    w.varint(terms.id(m.pattern));
    w.varint(m.doc_ids.length);
    for (const id of m.doc_ids) w.varint(terms.id(id));
  }
  w.varint(outcome.layer_classification.length);
  for (const c of outcome.layer_classification) {
    w.varint(terms.id(c.file));
    w.varint(c.layer === null ? 0 : terms.id(c.layer) + 1);
    w.varint(c.rule_pattern === null ? 0 : terms.id(c.rule_pattern) + 1);
  }
  return w.done();
}

/** A row migrated from the JSON audit that packing would have changed, kept as it was. */
export function legacyOutcome(json: string): Buffer {
  return Buffer.concat([Buffer.from([LEGACY_JSON]), Buffer.from(json, "utf8")]);
}

/** The old JSON columns of a legacy row, as the reader used to parse them. */
export interface LegacyAudit {
  resolved_doc_ids: string[];
  delivery: Record<string, unknown>;
  debug: { budget_drops?: unknown[]; near_miss_edges?: unknown[]; layer_classification?: unknown[] };
}

export function unpackOutcome(
  bytes: Uint8Array,
  terms: TermNames,
): { packed: AuditOutcome } | { legacy: LegacyAudit } {
  if (bytes[0] === LEGACY_JSON)
    return { legacy: JSON.parse(Buffer.from(bytes.subarray(1)).toString("utf8")) as LegacyAudit };
  if (bytes[0] !== PACKED) throw new Error(`unknown packed audit format ${bytes[0]}`);
  const r = new Reader(bytes);
  const budget = {
    inline_bytes: r.varint(),
    max_inline_bytes: r.varint(),
    content_mode: terms.term(r.varint()),
  };
  const deliveries: AuditDelivery[] = [];
  for (let n = r.varint(); n > 0; n--) {
    const doc_id = terms.term(r.varint());
    const code = r.varint();
    deliveries.push(
      code === 0
        ? { doc_id, delivery: "inline", reason: null }
        : {
            doc_id,
            delivery: DELIVERY_CODES[(code - 1) % 2] as Delivery,
            reason: terms.term(Math.floor((code - 1) / 2)),
          },
    );
  }
  const near_miss_edges: NearMiss[] = [];
  for (let n = r.varint(); n > 0; n--) {
    const file = terms.term(r.varint());
    const pattern = terms.term(r.varint());
    const doc_ids: string[] = [];
    for (let k = r.varint(); k > 0; k--) doc_ids.push(terms.term(r.varint()));
    near_miss_edges.push({ file, pattern, doc_ids });
  }
  const layer_classification: LayerClassification[] = [];
  for (let n = r.varint(); n > 0; n--) {
    const file = terms.term(r.varint());
    const layer = r.varint();
    const rule = r.varint();
    layer_classification.push({
      file,
      layer: layer === 0 ? null : terms.term(layer - 1),
      rule_pattern: rule === 0 ? null : terms.term(rule - 1),
    });
  }
  return { packed: { deliveries, budget, near_miss_edges, layer_classification } };
}

/** How many documents a packed outcome delivered, read from its head alone (no terms needed). */
export function deliveredCount(bytes: Uint8Array | null): number {
  if (!bytes || bytes.length === 0) return 0;
  if (bytes[0] === LEGACY_JSON)
    return (JSON.parse(Buffer.from(bytes.subarray(1)).toString("utf8")) as LegacyAudit).resolved_doc_ids
      .length;
  const r = new Reader(bytes);
  r.varint(); // inline_bytes
  r.varint(); // max_inline_bytes
  r.varint(); // content_mode
  return r.varint();
}

/**
 * A legacy row in the packed shape: dropped documents as the drop says, every other one inline. Fields
 * an old row lacks get neutral values; migration 12 keeps such a row as JSON, since packing it would
 * change what it answers.
 */
export function legacyToOutcome(legacy: LegacyAudit): AuditOutcome {
  const drops = new Map(
    ((legacy.debug.budget_drops ?? []) as { doc_id?: string; delivery?: Delivery; reason?: string }[]).map(
      (d) => [d.doc_id, d],
    ),
  );
  const budget = legacy.delivery as Partial<AuditOutcome["budget"]>;
  return {
    deliveries: legacy.resolved_doc_ids.map((doc_id) => {
      const drop = drops.get(doc_id);
      return drop
        ? { doc_id, delivery: drop.delivery ?? "omitted", reason: drop.reason ?? "" }
        : { doc_id, delivery: "inline", reason: null };
    }),
    budget: {
      inline_bytes: budget.inline_bytes ?? 0,
      max_inline_bytes: budget.max_inline_bytes ?? 0,
      content_mode: budget.content_mode ?? "auto",
    },
    near_miss_edges: (legacy.debug.near_miss_edges ?? []) as AuditOutcome["near_miss_edges"],
    layer_classification: (legacy.debug.layer_classification ?? []) as AuditOutcome["layer_classification"],
  };
}

/** The drops as compile() lists them: every document not inlined, once, by doc_id. */
export function budgetDrops(deliveries: readonly AuditDelivery[]): BudgetDrop[] {
  const drops = new Map<string, BudgetDrop>();
  for (const d of deliveries) {
    if (d.delivery !== "inline" && !drops.has(d.doc_id))
      drops.set(d.doc_id, { doc_id: d.doc_id, delivery: d.delivery, reason: d.reason ?? "" });
  }
  return [...drops.values()].sort((a, b) => (a.doc_id < b.doc_id ? -1 : 1));
}

/** The per-compile delivery summary the audit has always answered with. */
export function deliverySummary(outcome: AuditOutcome): Record<string, unknown> {
  const count = (kind: Delivery) => outcome.deliveries.filter((d) => d.delivery === kind).length;
  const { inline_bytes, max_inline_bytes, content_mode } = outcome.budget;
  return {
    inline: count("inline"),
    deferred: count("deferred"),
    omitted: count("omitted"),
    inline_bytes,
    max_inline_bytes,
    budget_utilization: Math.round((inline_bytes / max_inline_bytes) * 10_000) / 10_000,
    content_mode,
  };
}
