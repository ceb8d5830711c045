import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manualClock } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { readContent } from "../../store/documents.js";
import { commitAll, git } from "../../test-support/git.js";
import { type TestProject, tempProject } from "../../test-support/project.js";
import { CodeIndex } from "../code-index.js";
import { verifyDone } from "./verify-done.js";

let project: TestProject;
afterEach(() => project.cleanup());

/**
 * A repository of `files`, committed and indexed; the affected tests of a change to the `changed` files,
 * or of the diff `changed` makes to the working tree; `setup` adds to the tree before the commit.
 */
async function affectedBy(
  files: Record<string, string>,
  changed: string[] | ((root: string) => string),
  setup: (root: string) => void = () => {},
) {
  project = tempProject();
  for (const [path, text] of Object.entries(files)) project.write(path, text);
  setup(project.root);
  commitAll(project.root, "initial", true);
  const ctx = project.context("agent");
  await new CodeIndex(ctx.kdb.db, project.root).reindex({ clock: manualClock() });
  const verdict = await verifyDone(
    {
      db: ctx.kdb.db,
      projectRoot: project.root,
      index: ctx.compiler.index(),
      docText: (d) => readContent(ctx.kdb.db, d.content_hash) ?? "",
    },
    Array.isArray(changed) ? { changed_files: changed } : { diff: changed(project.root) },
  );
  return {
    tests: verdict.affected_tests,
    packages: verdict.affected_tests_packages,
    warnings: verdict.warnings,
  };
}

const mirrors = (path: string, file: string) => ({ path, score: 1, signals: [{ signal: "mirrors", file }] });

describe("affected tests of a composer project", () => {
  it("are the tests mirroring the class under the psr-4 folders of autoload and autoload-dev", async () => {
    const composer = {
      autoload: { "psr-4": { "App\\": "src/" } },
      "autoload-dev": { "psr-4": { "Tests\\": "tests/" } },
    };
    expect(
      await affectedBy(
        {
          "composer.json": JSON.stringify(composer),
          "src/Billing/Invoice.php":
            "<?php\nnamespace App\\Billing;\n\nfinal class Invoice { public static function draft() { return new self(); } }\n",
          "src/Shipping/Invoice.php": "<?php\nnamespace App\\Shipping;\n\nfinal class Invoice {}\n",
          "tests/Unit/Billing/InvoiceTest.php":
            "<?php\nnamespace Tests\\Unit\\Billing;\n\nuse PHPUnit\\Framework\\TestCase;\n\nfinal class InvoiceTest extends TestCase\n{\n    public function testDraft(): void { $this->assertNotNull(\\App\\Billing\\Invoice::draft()); }\n}\n",
          "tests/Unit/Shipping/InvoiceTest.php":
            "<?php\nnamespace Tests\\Unit\\Shipping;\n\nuse PHPUnit\\Framework\\TestCase;\n\nfinal class InvoiceTest extends TestCase {}\n",
        },
        ["src/Billing/Invoice.php"],
      ),
    ).toEqual({
      tests: [mirrors("tests/Unit/Billing/InvoiceTest.php", "src/Billing/Invoice.php")],
      packages: [],
      warnings: [],
    });
  });

  it("follow psr-4 folders of any name", async () => {
    const composer = {
      autoload: { "psr-4": { "Acme\\": "modules/" } },
      "autoload-dev": { "psr-4": { "Acme\\Checks\\": ["checks/"] } },
    };
    expect(
      await affectedBy(
        {
          "composer.json": JSON.stringify(composer),
          "modules/Billing/Invoice.php": "<?php\nnamespace Acme\\Billing;\n\nfinal class Invoice {}\n",
          "checks/Billing/InvoiceTest.php":
            "<?php\nnamespace Acme\\Checks\\Billing;\n\nfinal class InvoiceTest {}\n",
        },
        ["modules/Billing/Invoice.php"],
      ),
    ).toEqual({
      tests: [mirrors("checks/Billing/InvoiceTest.php", "modules/Billing/Invoice.php")],
      packages: [],
      warnings: [],
    });
  });

  it("are found without composer's folders, with a warning, when composer.json is not JSON", async () => {
    expect(
      await affectedBy(
        {
          "composer.json": "{ autoload: ",
          "src/Billing/Invoice.php": "<?php\nnamespace App\\Billing;\n\nfinal class Invoice {}\n",
          "tests/Unit/Billing/InvoiceTest.php":
            "<?php\nnamespace Tests\\Unit\\Billing;\n\nfinal class InvoiceTest {}\n",
        },
        ["src/Billing/Invoice.php"],
      ),
    ).toEqual({
      tests: [mirrors("tests/Unit/Billing/InvoiceTest.php", "src/Billing/Invoice.php")],
      packages: [],
      warnings: [
        expect.stringMatching(
          /^composer\.json is not valid JSON \(.+\), so its autoload folders were not used to find tests\.$/,
        ),
      ],
    });
  });
});

describe("a composer.json that links outside the project", () => {
  it("is not read: its folders find no test, and the warning says why", async () => {
    const outside = mkdtempSync(join(tmpdir(), "archon-outside-"));
    writeFileSync(
      join(outside, "composer.json"),
      JSON.stringify({
        autoload: { "psr-4": { "Acme\\": "modules/" } },
        "autoload-dev": { "psr-4": { "Acme\\Checks\\": "checks/" } },
      }),
    );
    try {
      expect(
        await affectedBy(
          {
            "modules/Billing/Invoice.php": "<?php\nnamespace Acme\\Billing;\n\nfinal class Invoice {}\n",
            "checks/Billing/InvoiceTest.php":
              "<?php\nnamespace Acme\\Checks\\Billing;\n\nfinal class InvoiceTest {}\n",
          },
          ["modules/Billing/Invoice.php"],
          (root) => symlinkSync(join(outside, "composer.json"), join(root, "composer.json")),
        ),
      ).toEqual({
        tests: [],
        packages: [],
        warnings: [
          `file "composer.json" is a symbolic link that leads outside the project root (to ${realpathSync(join(outside, "composer.json"))}). Its autoload folders were not used to find tests.`,
        ],
      });
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe("affected tests of a JavaScript project with mirrored test folders", () => {
  it("are the tests under test/unit/ and test/specs/ mirroring lib/, and under __tests__ beside the file", async () => {
    expect(
      await affectedBy(
        {
          "index.js":
            'module.exports = { ...require("./lib/billing/invoice"), ...require("./lib/shipping/rate") };\n',
          "lib/billing/invoice.js": "function invoice() { return 1; }\nmodule.exports = { invoice };\n",
          "lib/billing/tax.js": "function tax() { return 1; }\nmodule.exports = { tax };\n",
          "lib/shipping/rate.js": "function rate() { return 1; }\nmodule.exports = { rate };\n",
          "test/unit/billing/invoice.test.js": 'const { invoice } = require("../../..");\ninvoice();\n',
          "test/unit/shipping/invoice.test.js": 'const { rate } = require("../../..");\nrate();\n',
          "test/specs/shipping/rate.spec.js": 'const { rate } = require("../../..");\nrate();\n',
          "lib/billing/__tests__/tax.test.js": "test('tax', () => {});\n",
        },
        ["lib/billing/invoice.js", "lib/billing/tax.js", "lib/shipping/rate.js"],
      ),
    ).toEqual({
      tests: [
        mirrors("lib/billing/__tests__/tax.test.js", "lib/billing/tax.js"),
        mirrors("test/specs/shipping/rate.spec.js", "lib/shipping/rate.js"),
        mirrors("test/unit/billing/invoice.test.js", "lib/billing/invoice.js"),
      ],
      packages: [],
      warnings: [],
    });
  });
});

describe("affected tests of a Python project with a tests folder", () => {
  it("are tests/test_x.py for a module x.py of the package, and tests/<subpackage>/test_x.py below it", async () => {
    // payments/cart.py shares a name with cart.py: the flat tests/test_cart.py is the package's, not the subpackage's.
    expect(
      await affectedBy(
        {
          "pyproject.toml": '[project]\nname = "shop"\n\n[tool.setuptools.packages.find]\nwhere = ["src"]\n',
          "src/shop/__init__.py": "",
          "src/shop/cart.py": "def total():\n    return 1\n",
          "src/shop/payments/__init__.py": "",
          "src/shop/payments/refund.py": "def refund():\n    return 0\n",
          "src/shop/payments/cart.py": "def hold():\n    return 0\n",
          "tests/test_cart.py": "def test_total():\n    pass\n",
          "tests/payments/test_refund.py": "def test_refund():\n    pass\n",
          "tests/test_refund.py": "def test_other_refund():\n    pass\n",
          "tests/test_orders.py": "def test_orders():\n    pass\n",
        },
        ["src/shop/cart.py", "src/shop/payments/cart.py", "src/shop/payments/refund.py"],
      ),
    ).toEqual({
      tests: [
        mirrors("tests/payments/test_refund.py", "src/shop/payments/refund.py"),
        mirrors("tests/test_cart.py", "src/shop/cart.py"),
      ],
      packages: [],
      warnings: [],
    });
  });
});

/** A Go test file of package cart whose one test calls `calls`. */
const goTest = (name: string, calls: string) =>
  `package cart\n\nimport "testing"\n\nfunc Test${name}(t *testing.T) { ${calls}() }\n`;

/** Package cart of 17 test files: the same-name one, three calling cart.go's functions, 13 calling tax.go's. */
const bigPackage = {
  "go.mod": "module example.com/shop\n",
  "cart/cart.go": "package cart\n\nfunc Total() int { return 1 }\n\nfunc Discount() int { return 0 }\n",
  "cart/tax.go": "package cart\n\nfunc Tax() int { return 2 }\n",
  "cart/cart_test.go": goTest("Total", "Total"),
  "cart/checkout_test.go":
    'package cart\n\nimport "testing"\n\nfunc TestCheckout(t *testing.T) { Total(); Discount() }\n',
  "cart/discount_test.go": goTest("Discount", "Discount"),
  "cart/promo_test.go": goTest("Promo", "Discount"),
  ...Object.fromEntries(
    Array.from({ length: 13 }, (_, i) => [`cart/tax_${i + 1}_test.go`, goTest(`Tax${i + 1}`, "Tax")]),
  ),
};
const calls = (...functions: string[]) => ({ signal: "calls", file: "cart/cart.go", functions });
const sameName = { signal: "mirrors", file: "cart/cart.go" };
const samePackage = { signal: "same_package", file: "cart/cart.go" };

describe("affected tests of a big Go package", () => {
  it("are its same-name test, then the tests calling the changed file's functions, at most three; the rest counted", async () => {
    expect(await affectedBy(bigPackage, ["cart/cart.go"])).toEqual({
      tests: [
        { path: "cart/cart_test.go", score: 3, signals: [sameName, calls("Total"), samePackage] },
        { path: "cart/checkout_test.go", score: 2, signals: [calls("Discount", "Total"), samePackage] },
        { path: "cart/discount_test.go", score: 2, signals: [calls("Discount"), samePackage] },
      ],
      packages: [{ package: "cart", other_tests: 14 }],
      warnings: [],
    });
  });

  it("rank by the functions the diff changed, not every function of the file", async () => {
    const editDiscount = (root: string) => {
      writeFileSync(join(root, "cart/cart.go"), bigPackage["cart/cart.go"].replace("return 0", "return 5"));
      return git(root, "diff");
    };
    expect(await affectedBy(bigPackage, editDiscount)).toEqual({
      tests: [
        { path: "cart/cart_test.go", score: 2, signals: [sameName, samePackage] },
        { path: "cart/checkout_test.go", score: 2, signals: [calls("Discount"), samePackage] },
        { path: "cart/discount_test.go", score: 2, signals: [calls("Discount"), samePackage] },
      ],
      packages: [{ package: "cart", other_tests: 14 }],
      warnings: [],
    });
  });
});
