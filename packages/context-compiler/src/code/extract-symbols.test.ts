import { describe, expect, it } from "vitest";
import type { EdgeType, SymbolKind } from "../store/symbols.js";
import { extractFile } from "./extract-symbols.js";
import type { ExtractedFile } from "./symbol-model.js";

const sym = (
  kind: SymbolKind,
  qualified_name: string,
  container: string | null,
  start: number,
  end = start,
) => ({
  qualified_name,
  name: qualified_name.split(".").at(-1) as string,
  kind,
  container,
  start_line: start,
  end_line: end,
});
const ref = (
  edge_type: EdgeType,
  from: string | null,
  to_name: string,
  qualifier: string | null,
  line: number,
) => ({
  edge_type,
  from,
  to_name,
  qualifier,
  line,
});
const imp = (line: number, text: string, source: string, imported: string | null, local: string | null) => ({
  line,
  text,
  source,
  imported,
  local,
});
const lines = (...rows: string[]) => `${rows.join("\n")}\n`;

describe("TypeScript files", () => {
  it("give classes, interfaces, functions and methods, calls, extends, implements and every import form", async () => {
    const text = lines(
      'import { save, load as fetchOne } from "./store.js";',
      'import * as log from "../log";',
      'import Client from "pg";',
      'export { helper } from "./helper.js";',
      "export class UserService extends Base implements Service, Repo<User> {",
      "  find(id: string) { this.check(id); log.info(id); fetchOne(id); new Cache(); super.find(id); }",
      "  get size() { return 1; }",
      "  set size(v) {}",
      "  private check = (id: string) => { save(id); };",
      "}",
      "interface Service extends Named {}",
      "export function main() { const run = () => start(); run(); }",
    );
    expect(await extractFile("src/user-service.ts", text)).toEqual({
      language: "typescript",
      namespace: null,
      symbols: [
        sym("class", "UserService", null, 5, 10),
        sym("method", "UserService.find", "UserService", 6),
        sym("method", "UserService.size", "UserService", 7),
        sym("method", "UserService.check", "UserService", 9),
        sym("interface", "Service", null, 11),
        sym("function", "main", null, 12),
        sym("function", "main.run", null, 12),
      ],
      references: [
        ref("extends", "UserService", "Base", null, 5),
        ref("implements", "UserService", "Repo", null, 5),
        ref("implements", "UserService", "Service", null, 5),
        ref("calls", "UserService.find", "Cache", null, 6),
        ref("calls", "UserService.find", "check", "this", 6),
        ref("calls", "UserService.find", "fetchOne", null, 6),
        ref("calls", "UserService.find", "find", "super", 6),
        ref("calls", "UserService.find", "info", "log", 6),
        ref("calls", "UserService.check", "save", null, 9),
        ref("extends", "Service", "Named", null, 11),
        ref("calls", "main", "run", null, 12),
        ref("calls", "main.run", "start", null, 12),
      ],
      imports: [
        imp(1, 'import { save, load as fetchOne } from "./store.js";', "./store.js", "load", "fetchOne"),
        imp(1, 'import { save, load as fetchOne } from "./store.js";', "./store.js", "save", "save"),
        imp(2, 'import * as log from "../log";', "../log", null, "log"),
        imp(3, 'import Client from "pg";', "pg", "default", "Client"),
        imp(4, 'export { helper } from "./helper.js";', "./helper.js", null, null),
      ],
    } satisfies ExtractedFile);
  });

  it("read TSX with the same query, and an abstract class", async () => {
    const text = lines(
      'import React from "react";',
      "export abstract class Shape {}",
      "export function Card() { return <div onClick={() => track()} />; }",
    );
    expect(await extractFile("src/card.tsx", text)).toEqual({
      language: "typescript",
      namespace: null,
      symbols: [sym("class", "Shape", null, 2), sym("function", "Card", null, 3)],
      references: [ref("calls", "Card", "track", null, 3)],
      imports: [imp(1, 'import React from "react";', "react", "default", "React")],
    });
  });
});

describe("JavaScript files", () => {
  it("give classes, functions and methods and their calls, with require and import() as imports", async () => {
    const text = lines(
      'const db = require("./db");',
      'import { render } from "./view.js";',
      "class Page extends Base {",
      "  constructor() { super(); this.draw(); }",
      "  draw() { render(this); db.query(); }",
      "  onClick = () => this.draw();",
      "}",
      'export const load = async () => import("./lazy.js");',
    );
    expect(await extractFile("web/page.mjs", text)).toEqual({
      language: "javascript",
      namespace: null,
      symbols: [
        sym("class", "Page", null, 3, 7),
        sym("method", "Page.constructor", "Page", 4),
        sym("method", "Page.draw", "Page", 5),
        sym("method", "Page.onClick", "Page", 6),
        sym("function", "load", null, 8),
      ],
      references: [
        ref("calls", "Page.constructor", "draw", "this", 4),
        ref("calls", "Page.draw", "query", "db", 5),
        ref("calls", "Page.draw", "render", null, 5),
        ref("calls", "Page.onClick", "draw", "this", 6),
      ],
      imports: [
        imp(1, 'const db = require("./db");', "./db", null, null),
        imp(2, 'import { render } from "./view.js";', "./view.js", "render", "render"),
        imp(8, 'export const load = async () => import("./lazy.js");', "./lazy.js", null, null),
      ],
    });
  });
});

describe("Python files", () => {
  it("give classes, functions and methods, superclasses as extends, and each import form", async () => {
    const text = lines(
      "import os.path as osp",
      "import app.models",
      "from .util import slug as make_slug, clean",
      "from app.db import *",
      "class Article(Model, mixins.Timestamped):",
      "    def save(self):",
      "        self.validate()",
      "        super().save()",
      "        make_slug(self.title)",
      "        osp.join('a', 'b')",
      "    @property",
      "    def validate(self): pass",
      "def publish():",
      "    def notify(): pass",
      "    notify()",
      "    Article()",
    );
    expect(await extractFile("app/article.py", text)).toEqual({
      language: "python",
      namespace: null,
      symbols: [
        sym("class", "Article", null, 5, 12),
        sym("method", "Article.save", "Article", 6, 10),
        sym("method", "Article.validate", "Article", 12),
        sym("function", "publish", null, 13, 16),
        sym("function", "publish.notify", null, 14),
      ],
      references: [
        ref("extends", "Article", "Model", null, 5),
        ref("extends", "Article", "Timestamped", "mixins", 5),
        ref("calls", "Article.save", "validate", "this", 7),
        ref("calls", "Article.save", "save", "super", 8),
        ref("calls", "Article.save", "make_slug", null, 9),
        ref("calls", "Article.save", "join", "osp", 10),
        ref("calls", "publish", "notify", null, 15),
        ref("calls", "publish", "Article", null, 16),
      ],
      imports: [
        imp(1, "import os.path as osp", "os.path", null, "osp"),
        imp(2, "import app.models", "app.models", null, "app.models"),
        imp(3, "from .util import slug as make_slug, clean", ".util", "clean", "clean"),
        imp(3, "from .util import slug as make_slug, clean", ".util", "slug", "make_slug"),
        imp(4, "from app.db import *", "app.db", "*", null),
      ],
    });
  });
});

describe("Go files", () => {
  it("give structs as classes, interfaces, functions, methods by receiver, and import specs; no inheritance", async () => {
    const text = lines(
      "package server",
      "",
      "import (",
      '\t"fmt"',
      '\tstore "example.com/app/internal/db"',
      '\t_ "embed"',
      ")",
      "",
      "type Server struct{ Base }",
      "type Handler interface{ Serve() }",
      "func (s *Server) Start() { s.listen(); store.Open(); fmt.Println(); helper() }",
      "func (Server) listen() {}",
      "func (q *Queue[T]) Push(v T) {}",
      "func helper() {}",
    );
    expect(await extractFile("internal/server/server.go", text)).toEqual({
      language: "go",
      namespace: "server",
      symbols: [
        sym("class", "Server", null, 9),
        sym("interface", "Handler", null, 10),
        sym("method", "Server.Start", "Server", 11),
        sym("method", "Server.listen", "Server", 12),
        sym("method", "Queue.Push", "Queue", 13),
        sym("function", "helper", null, 14),
      ],
      references: [
        ref("calls", "Server.Start", "Open", "store", 11),
        ref("calls", "Server.Start", "Println", "fmt", 11),
        ref("calls", "Server.Start", "helper", null, 11),
        ref("calls", "Server.Start", "listen", "this", 11),
      ],
      imports: [
        imp(4, '"fmt"', "fmt", null, "fmt"),
        imp(5, 'store "example.com/app/internal/db"', "example.com/app/internal/db", null, "store"),
        imp(6, '_ "embed"', "embed", null, null),
      ],
    });
  });
});

describe("PHP files", () => {
  it("give classes, traits, interfaces, functions and methods, base clauses, trait use and use imports", async () => {
    const text = lines(
      "<?php",
      "namespace App\\Http;",
      "",
      "use App\\Models\\User;",
      "use App\\Services\\{Mailer, Queue as Jobs};",
      "",
      "interface Shows extends Renders {}",
      "trait Logs { public function log() {} }",
      "class UserController extends Controller implements Shows, \\Countable {",
      "    use Logs;",
      "    public function show() { $this->log(); self::make(); User::find(1); helper(); new Mailer(); $u->save(); }",
      "    public static function make() {}",
      "}",
      "function helper() {}",
    );
    expect(await extractFile("app/Http/UserController.php", text)).toEqual({
      language: "php",
      namespace: "App\\Http",
      symbols: [
        sym("interface", "Shows", null, 7),
        sym("class", "Logs", null, 8),
        sym("method", "Logs.log", "Logs", 8),
        sym("class", "UserController", null, 9, 13),
        sym("method", "UserController.show", "UserController", 11),
        sym("method", "UserController.make", "UserController", 12),
        sym("function", "helper", null, 14),
      ],
      references: [
        ref("extends", "Shows", "Renders", null, 7),
        ref("extends", "UserController", "Controller", null, 9),
        ref("implements", "UserController", "Shows", null, 9),
        ref("implements", "UserController", "\\Countable", null, 9),
        ref("implements", "UserController", "Logs", null, 10),
        ref("calls", "UserController.show", "Mailer", null, 11),
        ref("calls", "UserController.show", "find", "User", 11),
        ref("calls", "UserController.show", "helper", null, 11),
        ref("calls", "UserController.show", "log", "this", 11),
        ref("calls", "UserController.show", "make", "this", 11),
        ref("calls", "UserController.show", "save", "$u", 11),
      ],
      imports: [
        imp(4, "use App\\Models\\User;", "App\\Models\\User", null, "User"),
        imp(5, "use App\\Services\\{Mailer, Queue as Jobs};", "App\\Services\\Mailer", null, "Mailer"),
        imp(5, "use App\\Services\\{Mailer, Queue as Jobs};", "App\\Services\\Queue", null, "Jobs"),
      ],
    });
  });
});

describe("files the index does not read", () => {
  it("give nothing: other extensions and declaration files", async () => {
    expect(await extractFile("README.md", "# hi\n")).toBeUndefined();
    expect(await extractFile("types/global.d.ts", "declare function f(): void;\n")).toBeUndefined();
  });
});
