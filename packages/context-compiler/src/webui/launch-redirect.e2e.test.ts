// Run `npm run build` first: this drives the built `archon webui` over raw HTTP, as a hostile link would.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestProject, tempProject } from "../test-support/project.js";
import { startWebUiProcess, type WebUiProcess } from "../test-support/webui-process.js";

let project: TestProject;
let server: WebUiProcess;
beforeAll(async () => {
  project = tempProject();
  project.context().close();
  server = await startWebUiProcess(project.root);
});
afterAll(async () => {
  await server?.stop();
  project?.cleanup();
});

/**
 * Sends `target` as the request line's target, byte for byte (a URL object or fetch would normalise the
 * very forms an attacker relies on), and returns the status and the Location header of the answer.
 */
function rawGet(target: string): Promise<{ status: number; location: string | null }> {
  const { host, hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = "";
    socket.on("data", (d: Buffer) => {
      answer += d.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const head = answer.split("\r\n\r\n")[0] ?? "";
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const location = /^location: (.*)$/im.exec(head)?.[1] ?? null;
      resolve({ status, location });
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

const token = () => new URL(server.url).searchParams.get("token") as string;

describe("a launch link crafted to leave the panel, sent to the running server", () => {
  it.each([
    "//evil.example",
    "///evil.example",
    "//evil.example/%2e%2e",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/%252F%252Fevil.example",
    "/%09/evil.example",
  ])("answers %j with a redirect to / and nothing else", async (path) => {
    expect(await rawGet(`${path}?token=${token()}`)).toEqual({ status: 303, location: "/" });
  });

  it("refuses a backslash in the path before the panel sees it", async () => {
    expect(await rawGet(`/\\evil.example?token=${token()}`)).toEqual({ status: 400, location: null });
  });
});

describe("a legitimate launch link, sent to the running server", () => {
  it.each([
    ["/", "/"],
    ["/observations", "/observations"],
    ["/audit?page=2&", "/audit?page=2"],
  ])("answers %j with a redirect to %j, the token dropped", async (path, location) => {
    const separator = path.includes("?") ? "" : "?";
    expect(await rawGet(`${path}${separator}token=${token()}`)).toEqual({ status: 303, location });
  });
});
