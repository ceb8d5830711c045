// A failure to reach or log in to the team's PostgreSQL server, as the UserError that names the server
// (never the password) and says what to check.
import { UserError } from "@archon/core";

/** The server as messages name it: user@host:port/database, from the URL without its password. */
export function serverName(url: URL): string {
  const user = url.username ? `${decodeURIComponent(url.username)}@` : "";
  const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || "(default database)";
  return `${user}${url.hostname || "localhost"}:${url.port || "5432"}/${database}`;
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);
const LOST_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /does not support ssl/i,
];

/** The UserError for `error` when it is a connection failure; undefined for any other error. */
export function connectionError(error: unknown, server: string): UserError | undefined {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === "string" && NETWORK_CODES.has(code)) {
    return new UserError(
      `Cannot reach the team database ${server} (${code}).`,
      "Check that PostgreSQL runs there and accepts TCP connections from this machine, and the host and port in --database-url.",
    );
  }
  if (code === "28P01" || code === "28000") {
    return new UserError(
      `The team database ${server} refused the login (${code}).`,
      "Check the user name and password in --database-url, and that pg_hba.conf lets this user in from this host.",
    );
  }
  if (code === "3D000") {
    return new UserError(
      `The team database ${server} does not exist.`,
      "Create it (createdb) or name an existing database in --database-url.",
    );
  }
  if (typeof code === "string" && (code.startsWith("08") || code.startsWith("57P") || code === "53300")) {
    return new UserError(
      `The team database ${server} is not taking connections right now (${code}).`,
      "Try again in a moment; if it persists, check the server's log.",
    );
  }
  if (LOST_MESSAGES.some((pattern) => pattern.test(message))) {
    return new UserError(
      `Lost the connection to the team database ${server}.`,
      "Check that PostgreSQL runs there and the network between; add ?sslmode=disable to the URL when the server has no TLS.",
    );
  }
  return undefined;
}
