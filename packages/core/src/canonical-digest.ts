// The sha256 of a value's canonical JSON (canonical.ts), byte for byte, fed to the hash as the value is
// walked instead of building a sorted copy and its JSON. A compile's result holds every inline
// rule's text and the same few object shapes, over and over: each long string's JSON (its escapes) is
// made once and kept, and each shape's sorted keys are worked out once. A heavy result at 10k rules hashes
// in about half the time of hashing that JSON (docs/benchmarks.md, issue 34).
import { createHash } from "node:crypto";
import { remember } from "./bounded-memo.js";

/** Strings this long are kept escaped; shorter ones cost less to escape again than to keep. */
const LONG = 128;
/** A bound on memory (a few MB of rule texts, a few hundred shapes); each emptied when full. */
const ESCAPED_LIMIT = 4096;
const SHAPE_LIMIT = 1024;
const escaped = new Map<string, string>();

/** An object's keys as Object.keys gives them, and the same keys sorted, each with its JSON. */
interface Shape {
  keys: readonly string[];
  sorted: readonly (readonly [key: string, json: string])[];
}
/** Shapes by their first key: a few per key, told apart by all their keys (joining them would cost more). */
const shapes = new Map<string, Shape[]>();
let shapeCount = 0;

/** Characters JSON.stringify writes as they are: a string of only these needs no escaping. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/**
 * Pieces are joined before they reach the hash, since each update is a call into C++ whatever its size;
 * the joined text stays well under V8's large-object size (see json-pieces.ts).
 */
const FLUSH_AT = 16_384;

/** Lower-case hex sha256 of canonicalJson(value), for JSON data (strings, numbers, booleans, null, arrays, plain objects). */
export function canonicalDigest(value: unknown): string {
  const hash = createHash("sha256");
  let pending = "";
  const add = (text: string) => {
    pending += text;
    if (pending.length >= FLUSH_AT) {
      hash.update(pending);
      pending = "";
    }
  };
  const write = (v: unknown): void => {
    if (typeof v === "string") add(stringJson(v));
    else if (typeof v === "number") add(Number.isFinite(v) ? String(v) : "null");
    else if (v === null || typeof v !== "object") add(JSON.stringify(v));
    else if (Array.isArray(v)) {
      add("[");
      for (let i = 0; i < v.length; i++) {
        if (i > 0) add(",");
        const member: unknown = v[i];
        if (omitted(member)) add("null");
        else write(member);
      }
      add("]");
    } else {
      const record = v as Record<string, unknown>;
      let first = true;
      add("{");
      for (const [key, json] of shapeOf(record).sorted) {
        const member = record[key];
        if (omitted(member)) continue;
        add(first ? `${json}:` : `,${json}:`);
        first = false;
        write(member);
      }
      add("}");
    }
  };
  write(value);
  if (pending !== "") hash.update(pending);
  return hash.digest("hex");
}

/** JSON.stringify drops these from an object and writes them as null in an array. */
const omitted = (v: unknown) => v === undefined || typeof v === "function" || typeof v === "symbol";

function stringJson(text: string): string {
  if (text.length >= LONG) return remember(escaped, text, ESCAPED_LIMIT, () => JSON.stringify(text));
  return PLAIN.test(text) ? `"${text}"` : JSON.stringify(text);
}

function shapeOf(record: Record<string, unknown>): Shape {
  const keys = Object.keys(record);
  const first = keys[0] ?? "";
  const known = shapes.get(first)?.find((s) => sameKeys(s.keys, keys));
  if (known) return known;
  if (shapeCount >= SHAPE_LIMIT) {
    shapes.clear();
    shapeCount = 0;
  }
  const made = shape(keys);
  shapes.set(first, [...(shapes.get(first) ?? []), made]);
  shapeCount += 1;
  return made;
}

const shape = (keys: readonly string[]): Shape => ({
  keys,
  sorted: [...keys].sort().map((key) => [key, JSON.stringify(key)] as const),
});

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
