// Where a project keeps archon's own state: named once for every layer that opens, checks or writes it.

/** The folder of archon's state in a project. */
export const ARCHON_DIR = ".archon";
/** The project's knowledge database, relative to its root: the default of --db. */
export const ARCHON_DB = `${ARCHON_DIR}/archon.db`;
