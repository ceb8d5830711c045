// A benchmark's command line: node:util's parseArgs, with --help (-h) printing the usage, and an unknown or
// malformed option said in one line beside the usage (exit 2) instead of a stack trace.
import { type ParseArgsConfig, parseArgs } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

export function benchArgs<const O extends Options>(
  usage: string,
  options: O,
): ReturnType<typeof parseArgs<{ options: O }>>["values"] {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ options: { ...options, help: { type: "boolean", short: "h" } } }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return values as ReturnType<typeof parseArgs<{ options: O }>>["values"];
}
