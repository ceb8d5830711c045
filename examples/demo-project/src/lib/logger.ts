type Level = "debug" | "info" | "warn" | "error";

const LEVELS: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const REDACTED_KEYS = new Set(["password", "token", "authorization", "cookie", "apiKey", "secret"]);

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(bindings: LogFields): Logger;
}

function redact(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = REDACTED_KEYS.has(key) ? "[redacted]" : value;
  }
  return out;
}

export function createLogger(bindings: LogFields = {}, minLevel: Level = "info"): Logger {
  const write = (level: Level, msg: string, fields: LogFields = {}) => {
    if (LEVELS[level] < LEVELS[minLevel]) return;
    const line = { time: new Date().toISOString(), level, msg, ...redact({ ...bindings, ...fields }) };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
  return {
    debug: (msg, fields) => write("debug", msg, fields),
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
    child: (more) => createLogger({ ...bindings, ...more }, minLevel),
  };
}

export const logger = createLogger({ service: "ledgerly-api" }, (process.env.LOG_LEVEL as Level) ?? "info");
