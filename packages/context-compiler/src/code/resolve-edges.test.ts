import { manualClock } from "@archon/core";
import { afterEach, describe, expect, it } from "vitest";
import { loadIndexRows } from "../store/symbols.js";
import { commitAll } from "../test-support/git.js";
import { type TestProject, tempProject } from "../test-support/project.js";
import { CodeIndex } from "./code-index.js";

let project: TestProject;
afterEach(() => project.cleanup());

/** A committed repository of `files`, indexed; every edge as `from -[type]-> to (resolution)`. */
async function indexedEdges(files: Record<string, string>): Promise<string[]> {
  project = tempProject();
  for (const [path, text] of Object.entries(files)) project.write(path, text);
  commitAll(project.root, "initial", true);
  const ctx = project.context();
  await new CodeIndex(ctx.kdb.db, project.root).reindex({ clock: manualClock() });
  const { edges } = loadIndexRows(ctx.kdb.db);
  const short = (id: string | null) => (id === null ? "(top level)" : id.split(" ").slice(1).join(" "));
  return edges.map(
    (e) =>
      `${short(e.from_symbol_id)} -[${e.edge_type}]-> ${e.to_symbol_id === null ? `${e.qualifier ? `${e.qualifier}.` : ""}${e.to_name}` : short(e.to_symbol_id)} (${e.resolution})`,
  );
}

describe("resolving a TypeScript repository", () => {
  it("binds calls through local scope, this, named and namespace imports; externals and unknowns stay unbound", async () => {
    expect(
      await indexedEdges({
        "src/api/users.ts": [
          'import { query } from "../db/client.js";',
          'import * as log from "../log.js";',
          'import { z } from "zod";',
          "export class UserService extends BaseService {",
          "  find(id: string) { log.info(id); return this.load(id); }",
          "  load(id: string) { return query(id); }",
          "}",
          'export function handler() { const s = new UserService(); s.find("1"); z.string(); missing(); }',
        ].join("\n"),
        "src/db/client.ts":
          "export function query(sql: string) { return run(sql); }\nfunction run(sql: string) { return sql; }\n",
        "src/log.ts": "export function info(m: string) { console.log(m); }\n",
        "src/base.ts": "export class BaseService {}\n",
      }),
    ).toEqual([
      "src/api/users.ts UserService -[extends]-> src/base.ts BaseService (name)",
      "src/api/users.ts UserService.find -[calls]-> src/log.ts info (import)",
      "src/api/users.ts UserService.find -[calls]-> src/api/users.ts UserService.load (local)",
      "src/api/users.ts UserService.load -[calls]-> src/db/client.ts query (import)",
      "src/api/users.ts handler -[calls]-> src/api/users.ts UserService (local)",
      "src/api/users.ts handler -[calls]-> src/api/users.ts UserService.find (name)",
      "src/api/users.ts handler -[calls]-> missing (unresolved)",
      "src/api/users.ts handler -[calls]-> z.string (external)",
      "src/db/client.ts query -[calls]-> src/db/client.ts run (local)",
      "src/log.ts info -[calls]-> console.log (external)",
    ]);
  });
});

describe("resolving a JavaScript repository", () => {
  it("binds this and imported calls, and leaves a call on a required module it cannot see into unresolved", async () => {
    expect(
      await indexedEdges({
        "web/app.js": [
          'const api = require("./api");',
          'import { render } from "./view.js";',
          "class App {",
          "  start() { this.load(); render(); }",
          "  load() { api.fetchAll(); }",
          "}",
        ].join("\n"),
        "web/view.js": "export function render() { paint(); }\nfunction paint() {}\n",
        "web/api.js": "exports.fetchAll = function () {};\n",
      }),
    ).toEqual([
      "web/app.js App.start -[calls]-> web/app.js App.load (local)",
      "web/app.js App.start -[calls]-> web/view.js render (import)",
      "web/app.js App.load -[calls]-> api.fetchAll (unresolved)",
      "web/view.js render -[calls]-> web/view.js paint (local)",
    ]);
  });
});

describe("resolving a Python repository", () => {
  it("binds superclasses and calls through relative imports, self and the base class; builtins are external", async () => {
    expect(
      await indexedEdges({
        "app/__init__.py": "",
        "app/models.py":
          "class Model:\n    def save(self):\n        self.validate()\n    def validate(self):\n        pass\n",
        "app/article.py": [
          "from .models import Model",
          "from . import util",
          "import os",
          "class Article(Model):",
          "    def publish(self):",
          "        self.save()",
          "        util.slug(self)",
          '        os.path.join("a")',
          '        print("x")',
        ].join("\n"),
        "app/util.py": "def slug(x):\n    return clean(x)\ndef clean(x):\n    return x\n",
      }),
    ).toEqual([
      "app/article.py Article -[extends]-> app/models.py Model (import)",
      "app/article.py Article.publish -[calls]-> app/models.py Model.save (import)",
      "app/article.py Article.publish -[calls]-> app/util.py slug (import)",
      "app/article.py Article.publish -[calls]-> os.path.join (external)",
      "app/article.py Article.publish -[calls]-> print (external)",
      "app/models.py Model.save -[calls]-> app/models.py Model.validate (local)",
      "app/util.py slug -[calls]-> app/util.py clean (local)",
    ]);
  });
});

describe("resolving a Go repository", () => {
  it("binds calls through go.mod import paths, the receiver and the package; no inheritance edges", async () => {
    expect(
      await indexedEdges({
        "go.mod": "module example.com/shop\n\ngo 1.22\n",
        "internal/store/store.go":
          "package store\n\ntype DB struct{}\n\nfunc Open() *DB { return &DB{} }\nfunc (d *DB) Get() { d.query() }\n",
        "internal/store/query.go": "package store\n\nfunc (d *DB) query() { helper() }\nfunc helper() {}\n",
        "cmd/server/main.go": [
          "package main",
          "",
          "import (",
          '\t"fmt"',
          '\t"example.com/shop/internal/store"',
          ")",
          "",
          'func main() { db := store.Open(); db.Get(); fmt.Println("ok") }',
        ].join("\n"),
      }),
    ).toEqual([
      "cmd/server/main.go main -[calls]-> internal/store/store.go DB.Get (name)",
      "cmd/server/main.go main -[calls]-> internal/store/store.go Open (import)",
      "cmd/server/main.go main -[calls]-> fmt.Println (external)",
      "internal/store/query.go DB.query -[calls]-> internal/store/query.go helper (local)",
      "internal/store/store.go DB.Get -[calls]-> internal/store/query.go DB.query (package)",
    ]);
  });
});

describe("resolving a PHP repository", () => {
  it("binds names through namespaces, use imports, traits and constructors; a vendor class is external", async () => {
    expect(
      await indexedEdges({
        "app/Models/Model.php":
          "<?php\nnamespace App\\Models;\n\nabstract class Model { public function save() {} }\n",
        "app/Models/User.php": [
          "<?php",
          "namespace App\\Models;",
          "",
          "class User extends Model {",
          "    public static function find($id) { return new User(); }",
          "    public function __construct() {}",
          "}",
        ].join("\n"),
        "app/Http/Loggable.php":
          "<?php\nnamespace App\\Http;\n\ntrait Loggable { public function log() {} }\n",
        "app/Http/UserController.php": [
          "<?php",
          "namespace App\\Http;",
          "",
          "use App\\Models\\User;",
          "use Illuminate\\Support\\Facades\\Log;",
          "",
          "class UserController {",
          "    use Loggable;",
          '    public function show($id) { $u = User::find($id); $u->save(); Log::info("x"); $this->log(); }',
          "}",
        ].join("\n"),
      }),
    ).toEqual([
      "app/Http/UserController.php UserController -[implements]-> app/Http/Loggable.php Loggable (package)",
      "app/Http/UserController.php UserController.show -[calls]-> app/Models/User.php User.find (import)",
      "app/Http/UserController.php UserController.show -[calls]-> Log.info (external)",
      "app/Http/UserController.php UserController.show -[calls]-> app/Http/Loggable.php Loggable.log (package)",
      "app/Http/UserController.php UserController.show -[calls]-> app/Models/Model.php Model.save (name)",
      "app/Models/User.php User -[extends]-> app/Models/Model.php Model (package)",
      "app/Models/User.php User.find -[calls]-> app/Models/User.php User.__construct (local)",
    ]);
  });
});
