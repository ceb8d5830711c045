// The knowledge model's closed vocabularies, shared by the schema, validation, compile and tools.
export const DOC_KINDS = ["guideline", "pattern", "constraint", "template", "reference"] as const;
export type DocKind = (typeof DOC_KINDS)[number];
export const DOC_STATUSES = ["pending", "approved", "deprecated"] as const;
export type DocStatus = (typeof DOC_STATUSES)[number];
export const EDGE_TYPES = ["path_requires", "layer_requires", "command_requires", "doc_depends_on"] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

/** A document id: letters, digits, ".", "_" or "-", starting with a letter or digit, at most 128 characters. */
export const DOC_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The largest content a document may have: a 1 MB rule file passes, and reading it back stays under one
 * answer. A tool input is held to it in characters, a rule file read for an import in bytes.
 */
export const MAX_DOCUMENT_CONTENT = 1.5 * 1024 * 1024;
