// Which files a shell command line reads, for the commands agents use to look at a file (cat, head,
// tail, sed -n, nl, less, more, bat, wc, grep, rg), through `&&`, `;`, `|`, a `bash -lc "…"` wrapper and
// `cd dir && …`. Pure: it names candidate paths; the Read hook keeps only existing regular files inside
// the project, so a guessed operand that is not one costs nothing. Conservative by design: a word the
// shell would expand, an option or an option's value is never a file.
import { isAbsolute, resolve } from "node:path";
import { type SimpleCommand, simpleCommands, type Word } from "./shell-words.js";

/** Options (short letters, long names) that take a value in the next word when not attached. */
interface Reader {
  short: string;
  long: readonly string[];
  /** How many leading operands are not files (grep's pattern, sed's script) unless given by option. */
  skip?: number;
  /** Options that supply what `skip` would have taken (grep -e, sed -e). */
  supplies?: { short: string; long: readonly string[] };
  /** A reader only under these options (sed reads for display only with -n); refuses under `never`. */
  when?: { short: string; long: readonly string[] };
  never?: { short: string; long: readonly string[] };
}

const PAGER: Reader = { short: "", long: [] };
const READERS: Record<string, Reader> = {
  cat: PAGER,
  tac: PAGER,
  wc: { short: "", long: ["files0-from"] },
  head: { short: "nc", long: ["lines", "bytes"] },
  tail: { short: "ncs", long: ["lines", "bytes", "sleep-interval", "pid", "max-unchanged-stats"] },
  nl: { short: "bdfhilnsvw", long: ["body-numbering", "section-delimiter", "number-format", "number-width"] },
  less: { short: "bhjkoOpPtTxyz", long: ["log-file", "pattern", "prompt", "tag", "tabs", "shift"] },
  more: { short: "n", long: ["lines"] },
  bat: {
    short: "lmrH",
    long: ["language", "map-syntax", "line-range", "highlight-line", "style", "theme", "paging", "color"],
  },
  sed: {
    short: "efl",
    long: ["expression", "file", "line-length"],
    skip: 1,
    supplies: { short: "ef", long: ["expression", "file"] },
    when: { short: "n", long: ["quiet", "silent"] },
    never: { short: "i", long: ["in-place"] },
  },
  grep: {
    short: "efmABCdD",
    long: ["regexp", "file", "max-count", "after-context", "before-context", "context", "label"],
    skip: 1,
    supplies: { short: "ef", long: ["regexp", "file"] },
  },
  rg: {
    short: "efgtTmABCMjEdr",
    long: [
      ["regexp", "file", "glob", "iglob", "type", "type-not", "type-add", "max-count", "after-context"],
      ["before-context", "context", "max-columns", "threads", "encoding", "max-depth", "replace", "sort"],
      ["sortr", "max-filesize", "pre", "pre-glob", "engine", "path-separator", "context-separator"],
    ].flat(),
    skip: 1,
    supplies: { short: "ef", long: ["regexp", "file"] },
  },
};
READERS.batcat = READERS.bat as Reader;
READERS.egrep = READERS.grep as Reader;
READERS.fgrep = READERS.grep as Reader;

/** Commands that run the rest of their words as a command: `env`, `command`, `time`, `nohup`. */
const PREFIXES = new Set(["env", "command", "time", "nohup", "builtin", "exec"]);
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh"]);
const baseName = (word: string) => word.slice(word.lastIndexOf("/") + 1);

interface Parsed {
  operands: Word[];
  used: Set<string>;
}

/** Splits a reader's words into operands and the options it saw (by short letter or long name). */
function parseArgs(words: readonly Word[], reader: Reader): Parsed {
  const operands: Word[] = [];
  const used = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const text = (words[i] as Word).text;
    if (text === "--") {
      operands.push(...words.slice(i + 1));
      break;
    }
    if (text.startsWith("--")) {
      const [name = "", attached] = text.slice(2).split(/=(.*)/s);
      used.add(name);
      if (attached === undefined && reader.long.includes(name)) i++;
    } else if (text.startsWith("-") && text.length > 1) {
      for (let j = 1; j < text.length; j++) {
        const letter = text[j] as string;
        used.add(letter);
        if (reader.short.includes(letter)) {
          if (j === text.length - 1) i++;
          break;
        }
      }
    } else operands.push(words[i] as Word);
  }
  return { operands, used };
}

const uses = (used: Set<string>, set: { short: string; long: readonly string[] } | undefined) =>
  set !== undefined && [...used].some((o) => (o.length === 1 ? set.short.includes(o) : set.long.includes(o)));

/** The file operands of one simple command (a shell wrapper's script parsed in turn), as words. */
function fileWords(words: readonly Word[], stdin: readonly Word[]): { files: Word[]; script?: string } {
  let rest = words;
  // Variable assignments and prefix commands before the real one.
  while (rest.length > 0) {
    const [first] = rest as [Word];
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first.text)) rest = rest.slice(1);
    else if (PREFIXES.has(first.text)) {
      rest = rest.slice(1);
      while (rest[0]?.text.startsWith("-")) rest = rest.slice(1);
    } else break;
  }
  const [name, ...args] = rest;
  if (name === undefined || !name.literal) return { files: [] };
  const program = baseName(name.text);
  if (SHELLS.has(program)) {
    // `bash -lc "script"`: the script is the first operand after an option bundle holding `c`.
    const at = args.findIndex((w) => /^-[a-z]*c[a-z]*$/.test(w.text));
    const script = at >= 0 ? args[at + 1] : undefined;
    return { files: [], ...(script?.literal ? { script: script.text } : {}) };
  }
  const reader = READERS[program];
  if (!reader) return { files: [] };
  const { operands, used } = parseArgs(args, reader);
  if (reader.when && !uses(used, reader.when)) return { files: [] };
  if (uses(used, reader.never)) return { files: [] };
  const skip = uses(used, reader.supplies) ? 0 : (reader.skip ?? 0);
  return { files: [...operands.slice(skip), ...stdin] };
}

/**
 * Absolute paths of the files `command` reads, in order, each once, resolving relative operands against
 * `cwd` as `cd` moves it. An array is one command's words, as Codex may give them (`["bash", "-lc", …]`).
 */
export function shellReads(command: string | readonly string[], cwd: string): string[] {
  const commands: SimpleCommand[] =
    typeof command === "string"
      ? simpleCommands(command)
      : [{ words: command.map((text) => ({ text, literal: true })), stdinFiles: [], after: ";" }];
  const found: string[] = [];
  const add = (path: string) => {
    if (!found.includes(path)) found.push(path);
  };
  // undefined once a `cd` went somewhere this parse cannot follow: relative operands are then unknown.
  let dir: string | undefined = cwd;
  const saved: (string | undefined)[] = [];
  for (const c of commands) {
    if (c.after === "(") saved.push(dir);
    if (c.after === ")") dir = saved.length > 0 ? saved.pop() : dir;
    const [first, target] = c.words;
    if (first?.text === "cd" || first?.text === "pushd") {
      dir =
        target?.literal && target.text !== "-" && dir !== undefined
          ? resolve(dir, target.text)
          : target?.literal && isAbsolute(target.text)
            ? target.text
            : undefined;
      continue;
    }
    const { files, script } = fileWords(c.words, c.stdinFiles);
    if (script !== undefined && dir !== undefined) for (const p of shellReads(script, dir)) add(p);
    for (const w of files) {
      if (!w.literal || w.text === "" || w.text === "-") continue;
      if (isAbsolute(w.text)) add(resolve(w.text));
      else if (dir !== undefined) add(resolve(dir, w.text));
    }
  }
  return found;
}
