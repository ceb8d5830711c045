// Migration 6: a document's description, the one-line summary a plan is matched against (Cursor's
// "apply intelligently" rules, Copilot files without applyTo).
import type { Migration } from "@archon/core";

export const documentDescription: Migration = {
  id: 6,
  name: "document-description",
  up(db) {
    db.exec("ALTER TABLE documents ADD COLUMN description TEXT");
  },
};
