// The MCP server half of @archon/core, apart from the index because it loads the MCP SDK: a command that
// serves nothing (a hook, a one-shot CLI command) imports the index and starts without it.
export { type CreatedServer, createServer, type ServerSpec, serveStdio } from "./mcp/create-server.js";
export { BoundedStdioTransport } from "./mcp/stdio-transport.js";
