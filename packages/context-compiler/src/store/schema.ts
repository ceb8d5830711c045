// SQL helpers for the schema's CHECK constraints.

/** Values as a SQL list for CHECK constraints: 'a', 'b'. */
export const sqlList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");
