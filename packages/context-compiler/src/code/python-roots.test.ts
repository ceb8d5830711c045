import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { manualClock } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { commitAll } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { CodeIndex } from "./code-index.js";

let project: TestProject;
afterEach(() => project.cleanup());

/** A committed repository of `files`, indexed. */
async function indexed(files: Record<string, string>): Promise<CodeIndex> {
  project = tempProject();
  for (const [path, text] of Object.entries(files)) project.write(path, text);
  commitAll(project.root, "initial", true);
  const index = new CodeIndex(project.context().kdb.db, project.root);
  await index.reindex({ clock: manualClock() });
  return index;
}

/** An order service whose package `app` lives under `dir`, called from a handler elsewhere in the project. */
const shop = (dir: string, config: Record<string, string>): Record<string, string> => ({
  ...config,
  [`${dir}/app/__init__.py`]: "",
  [`${dir}/app/service.py`]: "def create_order(items):\n    return items\n",
  "api/handlers.py":
    "from app.service import create_order\n\ndef post_order(body):\n    return create_order(body)\n",
});

const foundIn = (dir: string) => ({
  depth: 1,
  paths: [["python api/handlers.py post_order", `python ${dir}/app/service.py create_order`]],
  steps_by_resolution: { import: 1 },
  unresolved_calls: 0,
  external_calls: 0,
  note: "Every step on these paths was bound by scope, package or import.",
});

const LAYOUTS: [string, string, Record<string, string>][] = [
  [
    "pyproject.toml, setuptools packages.find where",
    "lib",
    { "pyproject.toml": '[project]\nname = "shop"\n\n[tool.setuptools.packages.find]\nwhere = ["lib"]\n' },
  ],
  [
    "pyproject.toml, setuptools package-dir",
    "py",
    { "pyproject.toml": '[project]\nname = "shop"\n\n[tool.setuptools]\npackage-dir = {"" = "py"}\n' },
  ],
  [
    "pyproject.toml, poetry packages from",
    "python",
    {
      "pyproject.toml": '[tool.poetry]\nname = "shop"\npackages = [{ include = "app", from = "python" }]\n',
    },
  ],
  [
    "pyproject.toml, hatch wheel packages",
    "code",
    { "pyproject.toml": '[tool.hatch.build.targets.wheel]\npackages = ["code/app"]\n' },
  ],
  [
    "setup.cfg, options package_dir",
    "pkg",
    { "setup.cfg": "[metadata]\nname = shop\n\n[options]\npackage_dir =\n    =pkg\n" },
  ],
  [
    "setup.py, package_dir",
    "source",
    { "setup.py": 'from setuptools import setup\n\nsetup(name="shop", package_dir={"": "source"})\n' },
  ],
  [
    "a service's own pyproject.toml in a monorepo",
    "services/orders/lib",
    {
      "services/orders/pyproject.toml": '[tool.setuptools.packages.find]\nwhere = ["lib"]\n',
    },
  ],
  ["the layout alone: a package under a src folder below the root", "services/orders/src", {}],
];

describe("a Python package under a subfolder", () => {
  for (const [how, dir, config] of LAYOUTS)
    it(`resolves its absolute imports when the folder is named by ${how}`, async () => {
      const index = await indexed(shop(dir, config));
      expect(index.logicFlow("post_order", "create_order")).toMatchObject(foundIn(dir));
    });
});

describe("a setup.py that names the package roots", () => {
  it("is still indexed as Python source", async () => {
    const setup = 'from setuptools import setup\n\ndef run():\n    setup(package_dir={"": "source"})\n';
    const index = await indexed(shop("source", { "setup.py": setup }));
    expect(index.symbolsIn("setup.py").map((s) => s.symbol_id)).toEqual(["python setup.py run"]);
    expect(index.logicFlow("post_order", "create_order")).toMatchObject(foundIn("source"));
  });
});

describe("a package root added to the configuration later", () => {
  it("is picked up by the next reindex, though no source file changed: the call is bound by import, not name", async () => {
    const index = await indexed(shop("lib", {}));
    expect(index.logicFlow("post_order", "create_order").steps_by_resolution).toEqual({ name: 1 });
    project.write("setup.cfg", "[options.packages.find]\nwhere = lib\n");
    commitAll(project.root, "package root");
    await index.reindex({ clock: manualClock() });
    expect(index.logicFlow("post_order", "create_order")).toMatchObject(foundIn("lib"));
  });
});

describe("a configuration file that is a link out of the project", () => {
  it("is not read: the folder it names is no package root", async () => {
    const outside = mkdtempSync(join(tmpdir(), "archon-outside-"));
    try {
      writeFileSync(join(outside, "pyproject.toml"), '[tool.setuptools.packages.find]\nwhere = ["lib"]\n');
      project = tempProject();
      for (const [path, text] of Object.entries(shop("lib", {}))) project.write(path, text);
      symlinkSync(join(outside, "pyproject.toml"), join(project.root, "pyproject.toml"));
      commitAll(project.root, "initial", true);
      const index = new CodeIndex(project.context().kdb.db, project.root);
      await index.reindex({ clock: manualClock() });
      expect(index.logicFlow("post_order", "create_order").steps_by_resolution).toEqual({ name: 1 });
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe("an import of the project's own code that resolves to no file", () => {
  it("counts as unresolved, not external, and the note says a path may still run through it", async () => {
    const index = await indexed({
      "backend/app/__init__.py": "",
      "backend/app/service.py": "def create_order(items):\n    return items\n",
      "backend/app/api.py":
        "from app.payments import charge\n\ndef post_order(body):\n    return charge(body)\n",
    });
    expect(index.logicFlow("post_order", "create_order")).toMatchObject({
      depth: null,
      unresolved_calls: 1,
      external_calls: 0,
      note: "No call path within 10 calls. 1 call(s) on the way could not be resolved, so a path may still run through them: this is not proof that there is no caller.",
    });
  });

  it("while a call into an installed package is external, and the note counts it", async () => {
    const index = await indexed({
      "app/service.py": "def create_order(items):\n    return items\n",
      "app/api.py": "from requests import post\n\ndef post_order(body):\n    return post(body)\n",
    });
    expect(index.logicFlow("post_order", "create_order")).toMatchObject({
      depth: null,
      unresolved_calls: 0,
      external_calls: 1,
      note: "No call path within 10 calls. Every call on the way was followed, except 1 into code outside the repository.",
    });
  });
});
