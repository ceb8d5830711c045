// A POSIX shell command line split into simple commands (words, redirections, the operator before each),
// enough of the shell's grammar to see which files a read-only command names. It never expands anything:
// a word holding a variable, a substitution or an unquoted glob is marked, and callers skip it. Node
// built-ins only (none, in fact): the Read hook parses every shell command an agent runs.

export interface Word {
  text: string;
  /** False when the shell would change the word (a `$`, a backtick, an unquoted glob or leading `~`). */
  literal: boolean;
}

export interface SimpleCommand {
  words: Word[];
  /** Targets of `<`: files the command reads on its standard input. */
  stdinFiles: Word[];
  /** How this command follows the previous one: `;`, `&&`, `||`, `|`, `&`, `(` (a subshell opens), or `)`. */
  after: string;
}

type Token = { kind: "word"; word: Word } | { kind: "op"; op: string } | { kind: "redir"; op: string };

const OPERATORS = ["&&", "||", ";;", ";", "|&", "|", "&", "(", ")"];
const REDIRECTS = ["<<<", "<<-", "<<", "<>", "<&", "<", "&>>", "&>", ">>", ">&", ">|", ">"];
const BLANK = /[ \t\r]/;
const WORD_END = /[ \t\r\n;&|()<>]/;

/** The line's tokens; a heredoc's body is skipped, a comment ends at the line's end. */
function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  const heredocs: { delimiter: string; strip: boolean }[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i] as string;
    if (BLANK.test(c)) {
      i++;
      continue;
    }
    if (c === "\n") {
      tokens.push({ kind: "op", op: ";" });
      i++;
      // Each pending heredoc's body runs from here to its delimiter line: none of it is a command.
      for (const { delimiter, strip } of heredocs.splice(0)) {
        while (i < line.length) {
          const end = line.indexOf("\n", i);
          const body = line.slice(i, end < 0 ? line.length : end);
          i = end < 0 ? line.length : end + 1;
          if ((strip ? body.replace(/^\t+/, "") : body) === delimiter) break;
        }
      }
      continue;
    }
    if (c === "#") {
      const end = line.indexOf("\n", i);
      i = end < 0 ? line.length : end;
      continue;
    }
    const redirect = REDIRECTS.find((r) => line.startsWith(r, i));
    if (redirect) {
      tokens.push({ kind: "redir", op: redirect });
      i += redirect.length;
      continue;
    }
    const op = OPERATORS.find((o) => line.startsWith(o, i));
    if (op) {
      tokens.push({ kind: "op", op: op === ";;" ? ";" : op === "|&" ? "|" : op });
      i += op.length;
      continue;
    }
    const { word, end } = readWord(line, i);
    i = end;
    // `2>file`, `2>&1`: digits right before a redirection name a file descriptor, not a word.
    if (/^\d+$/.test(word.text) && /[<>]/.test(line[i] ?? "")) continue;
    const last = tokens.at(-1);
    if (last?.kind === "redir" && (last.op === "<<" || last.op === "<<-"))
      heredocs.push({ delimiter: word.text, strip: last.op === "<<-" });
    tokens.push({ kind: "word", word });
  }
  return tokens;
}

/** One word from `start`: quotes and backslashes removed, and whether the shell would expand it. */
function readWord(line: string, start: number): { word: Word; end: number } {
  let text = "";
  let literal = true;
  let i = start;
  while (i < line.length && !WORD_END.test(line[i] as string)) {
    const c = line[i] as string;
    if (c === "'") {
      const close = line.indexOf("'", i + 1);
      const end = close < 0 ? line.length : close;
      text += line.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      i++;
      while (i < line.length && line[i] !== '"') {
        const d = line[i] as string;
        if (d === "\\" && /["\\$`\n]/.test(line[i + 1] ?? "")) {
          text += line[i + 1];
          i += 2;
          continue;
        }
        if (d === "$" || d === "`") literal = false;
        text += d;
        i++;
      }
      i++;
    } else if (c === "\\") {
      text += line[i + 1] ?? "";
      i += 2;
    } else {
      if (c === "$" || c === "`" || /[*?[]/.test(c) || (c === "~" && text === "")) literal = false;
      // `$(…)` and `${…}` may hold blanks and operators: they belong to this word.
      if (c === "$" && (line[i + 1] === "(" || line[i + 1] === "{")) {
        const end = closing(line, i + 1);
        text += line.slice(i, end);
        i = end;
        continue;
      }
      text += c;
      i++;
    }
  }
  return { word: { text, literal }, end: i };
}

/** The index after the bracket matching the one at `open`. */
function closing(line: string, open: number): number {
  const pair = line[open] === "(" ? ["(", ")"] : ["{", "}"];
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    if (line[i] === pair[0]) depth++;
    else if (line[i] === pair[1] && --depth === 0) return i + 1;
  }
  return line.length;
}

/** The simple commands of `line`, in order; empty ones (`;;`, a lone `(`) keep only their operator. */
export function simpleCommands(line: string): SimpleCommand[] {
  const out: SimpleCommand[] = [];
  let current: SimpleCommand = { words: [], stdinFiles: [], after: ";" };
  let pending: string | undefined;
  const flush = (after: string) => {
    if (current.words.length > 0 || current.stdinFiles.length > 0) out.push(current);
    current = { words: [], stdinFiles: [], after };
  };
  for (const token of tokenize(line)) {
    if (token.kind === "op") {
      flush(token.op);
      // A subshell's brackets are commands of their own, so a `cd` inside one can be undone after it.
      if (token.op === "(" || token.op === ")") {
        out.push({ words: [], stdinFiles: [], after: token.op });
        current.after = ";";
      }
    } else if (token.kind === "redir") pending = token.op;
    else if (pending !== undefined) {
      if (pending === "<" || pending === "<>") current.stdinFiles.push(token.word);
      pending = undefined;
    } else current.words.push(token.word);
  }
  flush(";");
  return out;
}
