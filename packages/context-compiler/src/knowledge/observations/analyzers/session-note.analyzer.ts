// session_note → nothing to propose: session notes feed episodic memory (recall), not the knowledge base.
import type { Analyzer, AnalyzerResult } from "./analyzer.js";

/** Marked analyzed so notes do not pile up as an untriaged backlog; recall reads them whatever their status. */
function analyze(): AnalyzerResult {
  return { skip: "session notes feed episodic memory (recall); they propose no knowledge change" };
}

export const sessionNoteAnalyzer: Analyzer = { name: "session-note", event_type: "session_note", analyze };
