// The verdict on a database after a torture run, the way SQLite checks itself after its crash tests: the
// file is intact, every acknowledged write is there at the version it was acknowledged at, the versions
// are gapless with an intact snapshot each, and every answer a reader got names a version that exists.
import { gunzipSync } from "node:zlib";
import { openDatabase, outputSchemaOf, sha256 } from "@archon/core";
import { compileContextTool } from "../mcp/agent/compile-context.tool.js";
import { workspaceStatusTool } from "../mcp/agent/workspace-status.tool.js";
import { loadSnapshotRows } from "../store/load-knowledge.js";
import { readSnapshotManifest, type SnapshotManifest, snapshotIdFor } from "../store/snapshots.js";
import { readVersion } from "../store/version.js";
import type { Ledger, ReaderAnswer } from "./torture-ledger.js";

export interface TortureVerdict {
  /** PRAGMA integrity_check, or why the database could not be read at all. */
  integrity: string;
  knowledge_version: number | null;
  /** Every broken promise, one sentence each; empty when the database kept them all. */
  problems: string[];
}

type Db = ReturnType<typeof openDatabase>;

export function checkTortureDatabase(dbPath: string, ledger: Ledger): TortureVerdict {
  const failures = ledger.failures.map((f) => `a write or read failed: ${f}`);
  let db: Db;
  try {
    db = openDatabase(dbPath, { readonly: true });
  } catch (error) {
    return {
      integrity: `unopenable: ${(error as Error).message}`,
      knowledge_version: null,
      problems: failures,
    };
  }
  try {
    const integrity = attempt(() => String(db.pragma("integrity_check", { simple: true })));
    const version = attempt(() => readVersion(db));
    if (typeof version === "string")
      return { integrity, knowledge_version: null, problems: [...failures, version] };
    const snapshots = attempt(() => checkSnapshots(db, version));
    const manifests =
      typeof snapshots === "string"
        ? { problems: [`the snapshots are ${snapshots}`], byVersion: new Map() }
        : snapshots;
    const acked = attempt(() => checkAcked(db, ledger, manifests.byVersion));
    const problems = [
      ...failures,
      ...manifests.problems,
      ...(typeof acked === "string" ? [`the acknowledged writes are ${acked}`] : acked),
      ...checkAnswers(ledger.answers, manifests.byVersion),
    ];
    return { integrity, knowledge_version: version, problems };
  } finally {
    db.close();
  }
}

/** A read of a damaged file can throw anywhere: the throw is the finding, and the other checks go on. */
function attempt<T>(read: () => T): T | string {
  try {
    return read();
  } catch (error) {
    return `unreadable: ${(error as Error).message}`;
  }
}

/** One snapshot per version 1..V, each whole: its hash matches, its content is stored, its rows load. */
function checkSnapshots(db: Db, version: number) {
  const problems: string[] = [];
  const byVersion = new Map<number, SnapshotManifest>();
  const rows = db
    .prepare("SELECT snapshot_id, knowledge_version, manifest_hash, manifest FROM snapshots")
    .all() as {
    snapshot_id: string;
    knowledge_version: number;
    manifest_hash: string;
    manifest: Buffer;
  }[];
  const versions = rows.map((r) => r.knowledge_version).sort((a, b) => a - b);
  const expected = Array.from({ length: version }, (_, i) => i + 1);
  if (versions.join() !== expected.join())
    problems.push(`snapshots are at versions [${versions.join(", ")}], not 1..${version} once each`);
  for (const row of rows) {
    const found = attempt(() => checkSnapshot(db, row));
    if (typeof found === "string") problems.push(`snapshot ${row.snapshot_id} is ${found}`);
    else {
      problems.push(...found.problems);
      byVersion.set(row.knowledge_version, found.manifest);
    }
  }
  return { problems, byVersion };
}

interface SnapshotFileRow {
  snapshot_id: string;
  knowledge_version: number;
  manifest_hash: string;
  manifest: Buffer;
}

function checkSnapshot(db: Db, row: SnapshotFileRow): { problems: string[]; manifest: SnapshotManifest } {
  const problems: string[] = [];
  const json = gunzipSync(row.manifest).toString("utf8");
  const manifest = readSnapshotManifest(db, row.snapshot_id) as SnapshotManifest;
  const loaded = loadSnapshotRows(db, row.snapshot_id, null);
  if (
    row.snapshot_id !== snapshotIdFor(row.knowledge_version) ||
    manifest.knowledge_version !== row.knowledge_version
  )
    problems.push(`snapshot ${row.snapshot_id} is filed at version ${row.knowledge_version}`);
  if (sha256(json) !== row.manifest_hash)
    problems.push(`snapshot ${row.snapshot_id} does not match its hash`);
  const blob = db.prepare("SELECT 1 FROM content_blobs WHERE content_hash = ?").pluck();
  const unstored = manifest.documents.filter((d) => blob.get(d.content_hash) === undefined);
  if (unstored.length > 0)
    problems.push(
      `snapshot ${row.snapshot_id} names content not stored: ${unstored.map((d) => d.doc_id).join(", ")}`,
    );
  if (loaded?.documents.length !== manifest.documents.length)
    problems.push(`snapshot ${row.snapshot_id} does not load its ${manifest.documents.length} documents`);
  return { problems, manifest };
}

/** Each acknowledged commit has its own version, later than its writer's last, and its documents are in it. */
function checkAcked(db: Db, ledger: Ledger, byVersion: ReadonlyMap<number, SnapshotManifest>): string[] {
  const problems: string[] = [];
  const owner = new Map<number, string>();
  const last = new Map<string, number>();
  const live = db
    .prepare("SELECT content_hash FROM documents WHERE doc_id = ? AND status = 'approved'")
    .pluck();
  for (const write of ledger.acked) {
    const v = write.knowledge_version;
    const what = `${write.writer}'s ${write.docs.map((d) => d.doc_id).join(" and ")} at version ${v}`;
    if (owner.has(v)) problems.push(`${what}: version ${v} was acknowledged before, to ${owner.get(v)}`);
    owner.set(v, write.writer);
    if ((last.get(write.writer) ?? 0) >= v)
      problems.push(`${what}: not later than the writer's previous version`);
    last.set(write.writer, v);
    const snapshot = byVersion.get(v);
    for (const doc of write.docs) {
      const hash = doc.content === undefined ? undefined : sha256(doc.content);
      const held = snapshot?.documents.find((d) => d.doc_id === doc.doc_id);
      if (!held || (hash !== undefined && held.content_hash !== hash))
        problems.push(`${what}: ${doc.doc_id} is not in snapshot ${snapshotIdFor(v)} as written`);
      const now = live.get(doc.doc_id);
      if (now === undefined || (hash !== undefined && now !== hash))
        problems.push(`${what}: ${doc.doc_id} is not approved in the database as written`);
    }
  }
  return problems;
}

const compileSchema = outputSchemaOf(compileContextTool);
const statusSchema = outputSchemaOf(workspaceStatusTool);

/** Every answer parses with its tool's schema and names a version with its snapshot; no reader goes back. */
function checkAnswers(
  answers: readonly ReaderAnswer[],
  byVersion: ReadonlyMap<number, SnapshotManifest>,
): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const [i, answer] of answers.entries()) {
    const what = `${answer.reader}'s answer ${i} (${answer.tool})`;
    const parsed = (answer.tool === "compile_context" ? compileSchema : statusSchema)?.safeParse(
      answer.structured,
    );
    if (answer.isError || !parsed?.success) {
      problems.push(`${what} is not a well-formed answer: ${answer.text.slice(0, 300)}`);
      continue;
    }
    const v = (answer.structured as { knowledge_version: number }).knowledge_version;
    const snapshot = byVersion.get(v);
    if (!snapshot) problems.push(`${what} names knowledge_version ${v}, which has no snapshot`);
    if ((seen.get(answer.reader) ?? 0) > v) problems.push(`${what} went back to version ${v}`);
    seen.set(answer.reader, v);
    if (answer.tool !== "compile_context" || !snapshot) continue;
    const compiled = answer.structured as {
      snapshot_id: string | null;
      base: { documents: { doc_id: string }[] };
    };
    if (compiled.snapshot_id !== snapshotIdFor(v))
      problems.push(`${what} names snapshot ${compiled.snapshot_id} at version ${v}`);
    const known = new Set(snapshot.documents.map((d) => d.doc_id));
    const strangers = compiled.base.documents.filter((d) => !known.has(d.doc_id));
    if (strangers.length > 0)
      problems.push(`${what} delivers ${strangers.map((d) => d.doc_id).join(", ")}, not in version ${v}`);
  }
  return problems;
}
