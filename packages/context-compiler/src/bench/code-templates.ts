// The generated modules of the symbol-index benchmark, one emitter per language: a class (Go: a struct with
// methods) whose methods call each other and, often, a helper of the module before it in the same folder.
import { between, type Random } from "./project-tree.js";

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface Module {
  domain: string;
  noun: string;
  /** The module of the same domain this one imports and calls, if any. */
  uses: { noun: string } | null;
  methods: string[];
}

export const VERBS =
  "load save find check build apply merge split render parse format validate sync fetch".split(" ");

function body(
  rand: Random,
  lines: number,
  call: (i: number) => string,
  comment: string,
  end: string,
): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines; i++)
    out.push(i % 4 === 0 ? `    ${call(i)}${end}` : `    ${comment} step ${i} of ${between(rand, 10, 99)}`);
  return out;
}

export type Emit = (m: Module, rand: Random) => { path: string; text: string };

const typescript: Emit = (m, rand) => {
  const cls = `${cap(m.noun)}Service`;
  const lines = [
    ...(m.uses ? [`import { ${m.uses.noun}Helper } from "./${m.uses.noun}-service.js";`] : []),
    `export interface ${cap(m.noun)}Record { id: string; total: number }`,
    `export class ${cls} {`,
    ...m.methods.flatMap((name, i) => [
      `  ${name}(id: string): string {`,
      ...body(
        rand,
        between(rand, 6, 14),
        (j) =>
          j % 8 === 0 && i + 1 < m.methods.length
            ? `this.${m.methods[i + 1]}(id)`
            : m.uses
              ? `${m.uses.noun}Helper(id)`
              : `normalize(id)`,
        "//",
        ";",
      ),
      "    return id;",
      "  }",
    ]),
    "}",
    `export function ${m.noun}Helper(id: string): string { return normalize(id); }`,
    "function normalize(id: string): string { return id.trim(); }",
  ];
  return { path: `gen/ts/${m.domain}/${m.noun}-service.ts`, text: `${lines.join("\n")}\n` };
};

const javascript: Emit = (m, rand) => {
  const lines = [
    ...(m.uses ? [`import { ${m.uses.noun}Helper } from "./${m.uses.noun}.js";`] : []),
    `export class ${cap(m.noun)}Store {`,
    ...m.methods.flatMap((name, i) => [
      `  ${name}(id) {`,
      ...body(
        rand,
        between(rand, 6, 14),
        (j) =>
          j % 8 === 0 && i + 1 < m.methods.length
            ? `this.${m.methods[i + 1]}(id)`
            : m.uses
              ? `${m.uses.noun}Helper(id)`
              : "tidy(id)",
        "//",
        ";",
      ),
      "    return id;",
      "  }",
    ]),
    "}",
    `export function ${m.noun}Helper(id) { return tidy(id); }`,
    "function tidy(id) { return String(id).trim(); }",
  ];
  return { path: `gen/js/${m.domain}/${m.noun}.js`, text: `${lines.join("\n")}\n` };
};

const python: Emit = (m, rand) => {
  const lines = [
    ...(m.uses ? [`from .${m.uses.noun} import ${m.uses.noun}_helper`] : []),
    "",
    `class ${cap(m.noun)}Repository:`,
    ...m.methods.flatMap((name, i) => [
      `    def ${name}(self, key):`,
      ...body(
        rand,
        between(rand, 6, 14),
        (j) =>
          j % 8 === 0 && i + 1 < m.methods.length
            ? `self.${m.methods[i + 1]}(key)`
            : m.uses
              ? `${m.uses.noun}_helper(key)`
              : "clean(key)",
        "#",
        "",
      ).map((l) => `    ${l}`),
      "        return key",
      "",
    ]),
    `def ${m.noun}_helper(key):`,
    "    return clean(key)",
    "",
    "def clean(key):",
    "    return str(key).strip()",
  ];
  return { path: `gen/py/${m.domain}/${m.noun}.py`, text: `${lines.join("\n")}\n` };
};

export const go: Emit = (m, rand) => {
  const typ = `${cap(m.noun)}Handler`;
  const lines = [
    `package ${m.domain}`,
    "",
    `type ${typ} struct{ name string }`,
    "",
    ...m.methods.flatMap((name, i) => [
      `func (h *${typ}) ${cap(name)}(id string) string {`,
      ...body(
        rand,
        between(rand, 6, 14),
        (j) =>
          j % 8 === 0 && i + 1 < m.methods.length
            ? `h.${cap(m.methods[i + 1] as string)}(id)`
            : m.uses
              ? `${cap(m.uses.noun)}Helper(id)`
              : "trim(id)",
        "//",
        "",
      ),
      "\treturn id",
      "}",
      "",
    ]),
    `func ${cap(m.noun)}Helper(id string) string { return trim(id) }`,
  ];
  return { path: `gen/go/${m.domain}/${m.noun}.go`, text: `${lines.join("\n")}\n` };
};

const php: Emit = (m, rand) => {
  const cls = `${cap(m.noun)}Controller`;
  const lines = [
    "<?php",
    `namespace App\\${cap(m.domain)};`,
    "",
    ...(m.uses ? [`use App\\${cap(m.domain)}\\${cap(m.uses.noun)}Controller;`, ""] : []),
    `class ${cls} {`,
    ...m.methods.flatMap((name, i) => [
      `    public function ${name}($id) {`,
      ...body(
        rand,
        between(rand, 6, 14),
        (j) =>
          j % 8 === 0 && i + 1 < m.methods.length
            ? `$this->${m.methods[i + 1]}($id)`
            : m.uses
              ? `${cap(m.uses.noun)}Controller::helper($id)`
              : "trim($id)",
        "//",
        ";",
      ).map((l) => `    ${l}`),
      "        return $id;",
      "    }",
    ]),
    "    public static function helper($id) { return trim($id); }",
    "}",
  ];
  return { path: `gen/php/${m.domain}/${cls}.php`, text: `${lines.join("\n")}\n` };
};

export const EMITTERS: readonly Emit[] = [python, go, php, javascript, typescript];
