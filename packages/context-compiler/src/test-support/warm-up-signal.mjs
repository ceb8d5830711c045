// Preloaded into a server under test (NODE_OPTIONS=--import): says on stderr when a round of its idle
// warm-up has finished (services/warm-up.ts publishes it), so the test awaits that instead of sleeping.
import { subscribe } from "node:diagnostics_channel";

subscribe("archon:warm-up", (message) => {
  process.stderr.write(`archon:warm-up ${JSON.stringify(message)}\n`);
});
