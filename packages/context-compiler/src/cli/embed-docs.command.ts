// archon embed-docs: compute or update the Ollama embeddings behind compile suggestions.
import { embedDocs } from "../embeddings/embed-docs.js";
import { embeddingConfig } from "../embeddings/ollama-client.js";
import { openContext } from "./open-context.js";
import type { GlobalOptions } from "./options.js";
import { progressBar } from "./progress-bar.js";

export async function embedDocsCommand(
  options: GlobalOptions,
  flags: { model?: string; ollamaUrl?: string; json?: boolean },
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  const config = embeddingConfig(process.env, { model: flags.model, url: flags.ollamaUrl });
  const ctx = openContext(options);
  const bar = progressBar("embedding");
  let result: Awaited<ReturnType<typeof embedDocs>>;
  try {
    result = await embedDocs(ctx.kdb.db, config, process.env, ctx.clock, (done, total) =>
      bar.update(done, total),
    );
  } finally {
    bar.done();
    ctx.close();
  }
  write(
    flags.json
      ? `${JSON.stringify(result, null, 2)}\n`
      : `Embedded ${result.embedded} document(s) with ${result.model} at ${result.url} (${result.up_to_date} already up to date${result.dimensions ? `, ${result.dimensions} dimensions` : ""}); Ollama was ${result.ollama === "started" ? "started for this run and stopped again" : "already running"}.\n`,
  );
}
