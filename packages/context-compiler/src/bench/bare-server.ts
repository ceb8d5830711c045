// The floor under start and memory: `node bare-server.js [texts.json]` is a Node process that loads the MCP
// SDK, serves on stdio and answers tools/list with no tools (ping the SDK answers itself). Given a file of
// rule texts, it holds them as plain strings, as the least any server serving those rules must keep.
import { readFileSync } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const file = process.argv[2];
// A module's top-level bindings live as long as the process: the texts stay in memory.
export const heldTexts: string[] = file ? (JSON.parse(readFileSync(file, "utf8")) as string[]) : [];

const server = new Server({ name: "bare", version: "0.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
await server.connect(new StdioServerTransport());
