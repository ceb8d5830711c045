import { describe, expect, it } from "vitest";
import { configuredPythonRoots } from "./python-roots.js";

describe("the package roots one configuration file names", () => {
  it("reads every build tool's form, relative to the file's folder, and never a folder outside the project", () => {
    const roots = (path: string, text: string) => configuredPythonRoots(path, text);
    expect({
      pdm: roots("pyproject.toml", '[tool.pdm.build]\npackage-dir = "src"\n'),
      maturin: roots("rust/pyproject.toml", '[tool.maturin]\npython-source = "python"\n'),
      uv: roots("pyproject.toml", '[tool.uv.build-backend]\nmodule-root = "lib"\n'),
      poetryAtRoot: roots("pyproject.toml", '[tool.poetry]\npackages = [{ include = "app" }]\n'),
      packageDirByName: roots("pyproject.toml", '[tool.setuptools.package-dir]\napp = "lib/app"\n'),
      findPackages: roots("setup.py", 'setup(packages=find_packages(where="src"))\n'),
      findNamespace: roots("svc/setup.py", 'setup(packages=find_namespace_packages("pkgs"))\n'),
      cfgFind: roots("setup.cfg", "[options.packages.find]\nwhere = src  # the layout\n"),
      outside: roots("pyproject.toml", '[tool.setuptools.packages.find]\nwhere = ["../elsewhere", "/abs"]\n'),
      broken: roots("pyproject.toml", "[tool.setuptools\nwhere ="),
    }).toEqual({
      pdm: ["src"],
      maturin: ["rust/python"],
      uv: ["lib"],
      poetryAtRoot: [""],
      packageDirByName: ["lib"],
      findPackages: ["src"],
      findNamespace: ["svc/pkgs"],
      cfgFind: ["src"],
      outside: [],
      broken: [],
    });
  });
});
