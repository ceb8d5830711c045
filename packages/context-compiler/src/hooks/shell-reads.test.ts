import { describe, expect, it } from "vitest";
import { shellReads } from "./shell-reads.js";

// Command lines as Claude Code, Codex and Cursor agents emit them, with the files each one reads. The
// parser only names candidates; the hook keeps those that are existing files inside the project.
const CWD = "/repo";

describe("the files a shell command reads", () => {
  const cases: [string, string[]][] = [
    ["cat README.md", ["/repo/README.md"]],
    ["cat -n src/a.ts src/b.ts", ["/repo/src/a.ts", "/repo/src/b.ts"]],
    ["head -n 40 docs/rules/api.md", ["/repo/docs/rules/api.md"]],
    ["head -40 docs/api.md", ["/repo/docs/api.md"]],
    ["tail -n +120 src/server.ts", ["/repo/src/server.ts"]],
    ["tail -f -s 2 logs/app.log", ["/repo/logs/app.log"]],
    ["sed -n '1,80p' packages/core/src/index.ts", ["/repo/packages/core/src/index.ts"]],
    ["sed -n -e '10,20p' -e '40p' a.md", ["/repo/a.md"]],
    ["sed -n 1,5p --quiet a.md", ["/repo/a.md"]],
    ["nl -ba src/cli.ts | sed -n '200,260p'", ["/repo/src/cli.ts"]],
    ["nl -b a src/cli.ts", ["/repo/src/cli.ts"]],
    ["less docs/guide.md", ["/repo/docs/guide.md"]],
    ["more -n 20 NOTES.txt", ["/repo/NOTES.txt"]],
    ["bat --style=plain -r 1:40 src/main.rs", ["/repo/src/main.rs"]],
    ["batcat -l ts src/x.ts", ["/repo/src/x.ts"]],
    ["wc -l src/a.ts src/b.ts", ["/repo/src/a.ts", "/repo/src/b.ts"]],
    ["wc -l < src/a.ts", ["/repo/src/a.ts"]],
    ['grep -n "export function" src/read/compile.ts', ["/repo/src/read/compile.ts"]],
    ["grep -rn TODO src/", ["/repo/src"]],
    ["grep -e foo -e bar a.ts b.ts", ["/repo/a.ts", "/repo/b.ts"]],
    ["grep -A 3 -B2 pattern file.md", ["/repo/file.md"]],
    [
      "rg -n 'deliver' packages/context-compiler/src/quality/eval.ts",
      ["/repo/packages/context-compiler/src/quality/eval.ts"],
    ],
    ["rg -g '*.ts' -t ts foo src/a.ts", ["/repo/src/a.ts"]],
    ["cat /etc/hosts", ["/etc/hosts"]],
    ["cat ../other/x.md", ["/other/x.md"]],
    ["cat -- -odd-name.md", ["/repo/-odd-name.md"]],
  ];
  it.each(cases)("%s", (command, files) => {
    expect(shellReads(command, CWD)).toEqual(files);
  });
});

describe("command lists, pipelines and wrappers", () => {
  const cases: [string, string[]][] = [
    ["cat a.md && cat b.md", ["/repo/a.md", "/repo/b.md"]],
    ["cat a.md; head b.md || tail c.md", ["/repo/a.md", "/repo/b.md", "/repo/c.md"]],
    ["cat a.md | grep -n foo | head -5", ["/repo/a.md"]],
    ["cat a.md\nsed -n '1p' b.md", ["/repo/a.md", "/repo/b.md"]],
    [`bash -lc "sed -n '1,200p' src/index.ts"`, ["/repo/src/index.ts"]],
    [`/bin/zsh -lc 'cd docs && cat api.md'`, ["/repo/docs/api.md"]],
    [`sh -c "cat a.md"`, ["/repo/a.md"]],
    [
      "cd packages/core && cat package.json && cat src/index.ts",
      ["/repo/packages/core/package.json", "/repo/packages/core/src/index.ts"],
    ],
    ["cd /work/proj && cat README.md", ["/work/proj/README.md"]],
    ["(cd docs && cat a.md); cat b.md", ["/repo/docs/a.md", "/repo/b.md"]],
    ["env LC_ALL=C cat a.md", ["/repo/a.md"]],
    ["FOO=1 time cat a.md", ["/repo/a.md"]],
    ["cat a.md 2>/dev/null && cat b.md 2>&1", ["/repo/a.md", "/repo/b.md"]],
    ["cat a.md a.md && head a.md", ["/repo/a.md"]],
    ["cat a.md # and b.md", ["/repo/a.md"]],
  ];
  it.each(cases)("%s", (command, files) => {
    expect(shellReads(command, CWD)).toEqual(files);
  });

  it("reads a command given as words, as Codex may send it", () => {
    expect(shellReads(["bash", "-lc", "cat src/a.ts && nl -ba b.ts"], CWD)).toEqual([
      "/repo/src/a.ts",
      "/repo/b.ts",
    ]);
    expect(shellReads(["cat", "a.md"], CWD)).toEqual(["/repo/a.md"]);
  });
});

describe("what is never taken for a read file", () => {
  const cases: [string, string][] = [
    ["a pattern", "grep -rn 'TODO' "],
    ["a sed script, and sed without -n", "sed 's/a/b/' a.md"],
    ["an in-place edit", "sed -n -i '1p' a.md"],
    ["an option's value", "head -n 20"],
    ["a variable", 'cat "$FILE" $OTHER'],
    ["a command substitution", "cat $(git ls-files) `ls`"],
    ["an unquoted glob", "cat src/*.ts docs/?.md"],
    ["a home path", "cat ~/notes.md"],
    ["an output redirection's target", "echo hi > out.md 2> err.md && tee log.md >> all.md < /dev/null"],
    ["a heredoc's body", "cat <<'EOF' > notes.md\ncat secret.md\nhead x.md\nEOF"],
    ["a program that is not a reader", "npm test src/a.test.ts && git diff a.md && vim b.md"],
    ["stdin", "cat - && cat"],
    ["a relative path after a cd nobody can follow", 'cd "$(git rev-parse --show-toplevel)" && cat a.md'],
    ["a relative path after cd -", "cd - && cat a.md"],
    ["a shell running a script file", "bash scripts/build.sh"],
  ];
  it.each(cases)("%s", (_what, command) => {
    expect(shellReads(command, CWD)).toEqual([]);
  });
});
