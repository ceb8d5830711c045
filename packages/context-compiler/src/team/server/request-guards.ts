// The checks every request to a local HTTP server of archon passes before anything else: the Host a
// browser sent must be one this server answers to (a DNS-rebinding page sends its own name), and a
// browser request must come from an allowed Origin. Programs send no Origin and pass that check.
import { hostName } from "../../vocabulary/loopback-hosts.js";

export interface HostPolicy {
  /** Host names (no port) this server answers to. */
  hosts: readonly string[];
  /** Full origins (`http://127.0.0.1:7420`) whose pages may call it. */
  origins: readonly string[];
}

/** Why the request is refused, or undefined when Host and Origin are acceptable. */
export function refusal(policy: HostPolicy, headers: { host?: string; origin?: string }): string | undefined {
  const name = hostName(headers.host);
  if (!name || !policy.hosts.includes(name))
    return `Host "${headers.host ?? ""}" is not one this server answers to.`;
  if (headers.origin !== undefined && !policy.origins.includes(headers.origin))
    return `Origin "${headers.origin}" may not call this server.`;
  return undefined;
}
