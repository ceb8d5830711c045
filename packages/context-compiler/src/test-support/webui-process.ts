// The built `archon webui` run as a person starts it, up to the moment it prints its address.
import { type ChildProcess, spawn } from "node:child_process";
import { personEnv } from "./person-env.js";
import { ARCHON_BIN } from "./stdio-client.js";

export interface WebUiProcess {
  /** The address with the launch token, as printed on stdout. */
  url: string;
  /** The same origin without the token. */
  origin: string;
  stop(): Promise<void>;
}

export function startWebUiProcess(cwd: string): Promise<WebUiProcess> {
  const child: ChildProcess = spawn(process.execPath, [ARCHON_BIN, "webui", "--no-open", "--port", "0"], {
    cwd,
    env: personEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once("exit", () => done());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr?.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const match = /Open (http:\/\/127\.0\.0\.1:\d+)\/\?token=\S+/.exec(out);
      if (match) resolve({ url: match[0].slice("Open ".length), origin: match[1] as string, stop });
    });
    child.once("exit", (code) =>
      reject(new Error(`archon webui exited with ${code} before printing its address:\n${out}${err}`)),
    );
  });
}
