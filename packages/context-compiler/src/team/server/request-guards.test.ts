import { describe, expect, it } from "vitest";
import { hostName, LOOPBACK_HOSTS } from "../../vocabulary/loopback-hosts.js";
import { refusal } from "./request-guards.js";

const policy = { hosts: [...LOOPBACK_HOSTS, "archon.example.com"], origins: ["https://archon.example.com"] };

describe("the Host and Origin checks of a local HTTP server", () => {
  it("reads the host name of a Host header, with or without a port, IPv6 included", () => {
    expect(
      ["127.0.0.1:7420", "LOCALHOST", "[::1]:80", "archon.example.com", "a b", "", "x:99999999"].map(
        hostName,
      ),
    ).toEqual(["127.0.0.1", "localhost", "[::1]", "archon.example.com", undefined, undefined, undefined]);
  });

  it("lets a program through with an allowed Host and no Origin, and a page from an allowed origin", () => {
    expect(refusal(policy, { host: "127.0.0.1:7420" })).toBeUndefined();
    expect(
      refusal(policy, { host: "archon.example.com", origin: "https://archon.example.com" }),
    ).toBeUndefined();
  });

  it("refuses a rebinding name, a missing Host, and a page from anywhere else", () => {
    expect(refusal(policy, { host: "evil.example:7420" })).toBe(
      'Host "evil.example:7420" is not one this server answers to.',
    );
    expect(refusal(policy, {})).toBe('Host "" is not one this server answers to.');
    expect(refusal(policy, { host: "127.0.0.1:7420", origin: "http://127.0.0.1.evil.example" })).toBe(
      'Origin "http://127.0.0.1.evil.example" may not call this server.',
    );
    // "null" is what a sandboxed page or a file:// page sends.
    expect(refusal(policy, { host: "localhost", origin: "null" })).toBe(
      'Origin "null" may not call this server.',
    );
  });
});
