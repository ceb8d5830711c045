// Host names a browser on this machine uses for the loopback address, and how to read one from a Host
// header: the local HTTP servers (the web UI, the team server) answer to these and refuse a rebound name.
export const LOOPBACK_HOSTS: readonly string[] = ["127.0.0.1", "localhost", "[::1]"];

/** `127.0.0.1:7420` → `127.0.0.1`, `[::1]:7420` → `[::1]`; undefined for a malformed value. */
export function hostName(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s]+)(?::\d{1,5})?$/.exec(host.trim());
  return match?.[1]?.toLowerCase();
}
