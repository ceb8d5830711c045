import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { manualClock } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { readContent } from "../../store/documents.js";
import { commitAll } from "../../test-support/git.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { CodeIndex } from "../code-index.js";
import { verifyDone } from "./verify-done.js";

let project: TestProject;
afterEach(() => project.cleanup());

interface Repo {
  files: Record<string, string>;
  /** The file the change touches. */
  source: string;
  /** A test no import links to the source, which history changes together with it. */
  partner: string;
  /** A test that changes with the source only in sweeping commits of more than 20 files. */
  swept: string;
  comment: string;
}

/**
 * A repository with history: the initial commit, three commits changing the source with its partner test,
 * and three sweeps (over 20 files) changing the source with another test. Indexed, then the source verified.
 */
async function affectedBy(repo: Repo) {
  project = tempProject();
  for (const [path, text] of Object.entries(repo.files)) project.write(path, text);
  commitAll(project.root, "initial", true);
  const touch = (path: string, n: number) =>
    appendFileSync(join(project.root, path), `\n${repo.comment} change ${n}\n`);
  for (let n = 1; n <= 3; n++) {
    touch(repo.source, n);
    touch(repo.partner, n);
    commitAll(project.root, `change ${n}`);
  }
  for (let n = 1; n <= 3; n++) {
    touch(repo.source, 10 + n);
    touch(repo.swept, n);
    for (let i = 0; i < 19; i++) project.write(`sweep/file-${i}.txt`, `sweep ${n}\n`);
    commitAll(project.root, `sweep ${n}`);
  }
  const ctx = project.context("agent");
  await new CodeIndex(ctx.kdb.db, project.root).reindex({ clock: manualClock() });
  const result = await verifyDone(
    {
      db: ctx.kdb.db,
      projectRoot: project.root,
      index: ctx.compiler.index(),
      docText: (d) => readContent(ctx.kdb.db, d.content_hash) ?? "",
    },
    { changed_files: [repo.source] },
  );
  return result.affected_tests;
}

const coChange = (file: string) => ({ signal: "co_change", file, together: 4, score: 1 });

describe("affected tests in a TypeScript repository", () => {
  it("come from a one-hop import, the same name beside, and git co-change, best first; sweeping commits count for nothing", async () => {
    expect(
      await affectedBy({
        files: {
          "src/cart.ts": "export function total() { return 1; }\n",
          "src/cart.test.ts": 'import { total } from "./cart.js";\ntotal();\n',
          "src/checkout.test.ts": 'import { run } from "./checkout.js";\nrun();\n',
          "src/checkout.ts": 'import { total } from "./cart.js";\nexport function run() { total(); }\n',
          "tests/e2e/flow.spec.ts": "export {};\n",
          "src/other.test.ts": "export {};\n",
        },
        source: "src/cart.ts",
        partner: "tests/e2e/flow.spec.ts",
        swept: "src/other.test.ts",
        comment: "//",
      }),
    ).toEqual([
      {
        path: "src/cart.test.ts",
        score: 2,
        signals: [
          { signal: "imports", file: "src/cart.ts", line: 1 },
          { signal: "mirrors", file: "src/cart.ts" },
        ],
      },
      { path: "tests/e2e/flow.spec.ts", score: 1, signals: [coChange("src/cart.ts")] },
    ]);
  });
});

describe("affected tests in a JavaScript repository", () => {
  it("follow require() as an import", async () => {
    expect(
      await affectedBy({
        files: {
          "lib/price.js": "function price() {}\nmodule.exports = { price };\n",
          "lib/price.test.js": 'const { price } = require("./price");\nprice();\n',
          "test/flow.test.js": "module.exports = {};\n",
          "lib/other.test.js": "module.exports = {};\n",
        },
        source: "lib/price.js",
        partner: "test/flow.test.js",
        swept: "lib/other.test.js",
        comment: "//",
      }),
    ).toEqual([
      {
        path: "lib/price.test.js",
        score: 2,
        signals: [
          { signal: "imports", file: "lib/price.js", line: 1 },
          { signal: "mirrors", file: "lib/price.js" },
        ],
      },
      { path: "test/flow.test.js", score: 1, signals: [coChange("lib/price.js")] },
    ]);
  });
});

describe("affected tests in a Python repository", () => {
  it("follow a dotted from-import to the module file, which tests/test_cart.py also mirrors", async () => {
    expect(
      await affectedBy({
        files: {
          "shop/__init__.py": "",
          "shop/cart.py": "def total():\n    return 1\n",
          "tests/test_cart.py": "from shop.cart import total\n\ndef test_total():\n    assert total() == 1\n",
          "tests/test_flow.py": "def test_flow():\n    pass\n",
          "tests/test_other.py": "def test_other():\n    pass\n",
        },
        source: "shop/cart.py",
        partner: "tests/test_flow.py",
        swept: "tests/test_other.py",
        comment: "#",
      }),
    ).toEqual([
      {
        path: "tests/test_cart.py",
        score: 2,
        signals: [
          { signal: "imports", file: "shop/cart.py", line: 1 },
          { signal: "mirrors", file: "shop/cart.py" },
        ],
      },
      { path: "tests/test_flow.py", score: 1, signals: [coChange("shop/cart.py")] },
    ]);
  });
});

describe("affected tests in a Go repository", () => {
  it("are the package's own tests, same-name first, tests importing the package by its go.mod path, and co-changed ones", async () => {
    expect(
      await affectedBy({
        files: {
          "go.mod": "module example.com/shop\n",
          "cart/cart.go": "package cart\n\nfunc Total() int { return 1 }\n",
          "cart/cart_test.go":
            'package cart\n\nimport "testing"\n\nfunc TestTotal(t *testing.T) { Total() }\n',
          "api/api_test.go":
            'package api\n\nimport (\n\t"testing"\n\t"example.com/shop/cart"\n)\n\nfunc TestAPI(t *testing.T) { cart.Total() }\n',
          "e2e/flow_test.go": "package e2e\n",
          "e2e/other_test.go": "package e2e\n",
        },
        source: "cart/cart.go",
        partner: "e2e/flow_test.go",
        swept: "e2e/other_test.go",
        comment: "//",
      }),
    ).toEqual([
      {
        path: "cart/cart_test.go",
        score: 3,
        signals: [
          { signal: "mirrors", file: "cart/cart.go" },
          { signal: "calls", file: "cart/cart.go", functions: ["Total"] },
          { signal: "same_package", file: "cart/cart.go" },
        ],
      },
      {
        path: "api/api_test.go",
        score: 2,
        signals: [
          { signal: "imports", file: "cart/cart.go", line: 5 },
          { signal: "calls", file: "cart/cart.go", functions: ["Total"] },
        ],
      },
      { path: "e2e/flow_test.go", score: 1, signals: [coChange("cart/cart.go")] },
    ]);
  });
});

describe("affected tests in a PHP repository", () => {
  it("follow a use import to the class's file through its namespace", async () => {
    expect(
      await affectedBy({
        files: {
          "app/Cart.php": "<?php\nnamespace App;\n\nclass Cart { public function total() { return 1; } }\n",
          "tests/CartTest.php":
            "<?php\nnamespace Tests;\n\nuse App\\Cart;\n\nclass CartTest { public function testTotal() { (new Cart())->total(); } }\n",
          "tests/FlowTest.php": "<?php\nnamespace Tests;\n\nclass FlowTest {}\n",
          "tests/OtherTest.php": "<?php\nnamespace Tests;\n\nclass OtherTest {}\n",
        },
        source: "app/Cart.php",
        partner: "tests/FlowTest.php",
        swept: "tests/OtherTest.php",
        comment: "//",
      }),
    ).toEqual([
      {
        path: "tests/CartTest.php",
        score: 2,
        signals: [
          { signal: "imports", file: "app/Cart.php", line: 4 },
          { signal: "mirrors", file: "app/Cart.php" },
        ],
      },
      { path: "tests/FlowTest.php", score: 1, signals: [coChange("app/Cart.php")] },
    ]);
  });
});
