// Whether an MCP request to the team server only reads the working database: a single tools/call of a
// tool its surface marks read-only. Such a request may run beside others on a shared store.
import type { Surface } from "../../knowledge/surface.js";
import { surfaceTools } from "../../mcp/server.js";

export async function readsOnly(request: Request, surface: Surface, prefix: string): Promise<boolean> {
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return false;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  const name = params?.name;
  if (method !== "tools/call" || typeof name !== "string") return false;
  const tools = await surfaceTools(surface);
  return tools.some((tool) => `${prefix}${tool.name}` === name && tool.annotations.readOnlyHint === true);
}
