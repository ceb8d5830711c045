import { manualClock } from "@archon/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitAll } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { refusal } from "../test-support/user-error.js";
import { CodeIndex } from "./code-index.js";

let project: TestProject;
let index: CodeIndex;
const id = (path: string, name: string) => `typescript ${path} ${name}`;
const HANDLE = id("src/api/handler.ts", "handle");
const AUDIT = id("src/service/audit.ts", "audit");
const CREATE = id("src/service/users.ts", "createUser");
const INSERT = id("src/db/store.ts", "insert");
const SAVE = id("src/service/users.ts", "save");

beforeAll(async () => {
  project = tempProject();
  project.write(
    "src/api/handler.ts",
    [
      'import { createUser } from "../service/users.js";',
      'import { audit } from "../service/audit.js";',
      "export function handle() { validate(); createUser(); audit(); }",
      "function validate() {}",
    ].join("\n"),
  );
  project.write(
    "src/service/users.ts",
    [
      'import { insert } from "../db/store.js";',
      'import { audit } from "./audit.js";',
      "export function createUser() { insert(); audit(); }",
      "export function save() { mystery.run(); }",
    ].join("\n"),
  );
  project.write(
    "src/service/audit.ts",
    'import { insert } from "../db/store.js";\nexport function audit() { insert(); }\n',
  );
  project.write("src/db/store.ts", "export function insert() {}\n");
  project.write("src/other/save.ts", "export function save() {}\n");
  commitAll(project.root, "initial", true);
  index = new CodeIndex(project.context().kdb.db, project.root);
  await index.reindex({ clock: manualClock() });
});
afterAll(() => project.cleanup());

const ref = (symbol_id: string, line: number) => ({
  symbol_id,
  kind: "function",
  path: symbol_id.split(" ")[1] as string,
  line,
});

describe("a call path across files", () => {
  it("lists every path at the shortest distance in a fixed order, with how each step was bound", () => {
    expect(index.logicFlow("handle", "insert")).toEqual({
      from: ref(HANDLE, 3),
      to: ref(INSERT, 1),
      depth: 2,
      paths: [
        [HANDLE, AUDIT, INSERT],
        [HANDLE, CREATE, INSERT],
      ],
      paths_truncated: false,
      max_depth: 10,
      steps_by_resolution: { import: 4 },
      unresolved_calls: 0,
      external_calls: 0,
      searched_symbols: 4,
      note: "Every step on these paths was bound by scope, package or import.",
    });
  });

  it("accepts symbol ids, and says depth null when the path is longer than max_depth", () => {
    const flow = index.logicFlow(HANDLE, INSERT, 1);
    expect({ depth: flow.depth, paths: flow.paths, max_depth: flow.max_depth }).toEqual({
      depth: null,
      paths: [],
      max_depth: 1,
    });
  });
});

describe("no path", () => {
  it("is reported with the calls on the way that could not be resolved, so it is not read as no caller", () => {
    const flow = index.logicFlow(SAVE, "insert");
    expect({ depth: flow.depth, unresolved: flow.unresolved_calls, note: flow.note }).toEqual({
      depth: null,
      unresolved: 1,
      note: "No call path within 10 calls. 1 call(s) on the way could not be resolved, so a path may still run through them: this is not proof that there is no caller.",
    });
    expect(index.logicFlow("insert", "handle")).toMatchObject({
      depth: null,
      unresolved_calls: 0,
      note: "No call path within 10 calls. Every call on the way was followed.",
    });
  });
});

describe("an ambiguous name", () => {
  it("lists the candidates and runs no search", () => {
    expect(index.logicFlow("save", "insert")).toEqual({
      from: null,
      to: ref(INSERT, 1),
      depth: null,
      paths: [],
      paths_truncated: false,
      max_depth: 10,
      ambiguous_from: [ref(id("src/other/save.ts", "save"), 1), ref(SAVE, 4)],
      ambiguous_to: undefined,
      steps_by_resolution: {},
      unresolved_calls: 0,
      external_calls: 0,
      searched_symbols: 0,
      note: "A name matches several symbols, so no search was run: ask again with one of the symbol_ids listed (or Class.method).",
    });
  });
});

describe("an unknown name", () => {
  it("is refused with what to do", () => {
    const error = refusal(() => index.logicFlow("nothing", "insert"));
    expect([error.message, error.hint, error.field]).toEqual([
      'No symbol named "nothing" is in the symbol index.',
      "Give a function, method or class name (`Class.method` for a method), or a symbol_id; run `archon reindex-symbols` if the code is new.",
      "from_symbol",
    ]);
  });
});
