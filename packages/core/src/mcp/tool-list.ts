// A server's tools/list answer, built once: the definitions ride in every prompt of every session, so each
// entry says what a model needs to call the tool and no more, and the JSON Schemas are made once per process.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ToolDefinition } from "./define-tool.js";

type JsonSchema = { [key: string]: unknown };

/**
 * One schema per zod object per process, inputs and outputs apart: the team server builds a server per
 * HTTP request from the same definitions, and converting a schema costs far more than listing it.
 */
const inputs = new WeakMap<object, JsonSchema>();
const outputs = new WeakMap<object, JsonSchema>();

/** The tool as tools/list lists it, under its registered name. */
export function listedTool(
  // biome-ignore lint/suspicious/noExplicitAny: any tool's argument type lists alike.
  tool: ToolDefinition<any, any>,
  name: string,
  description: string,
): Tool {
  const output = tool.output ? outputJsonSchema(tool.output) : undefined;
  return {
    name,
    title: tool.title,
    description,
    inputSchema: inputJsonSchema(tool.input) as Tool["inputSchema"],
    ...(output ? { outputSchema: output as Tool["outputSchema"] } : {}),
    annotations: tool.annotations,
  };
}

/**
 * Every argument the tool takes, closed: an argument it does not name is refused (create-server.ts). The
 * size caps (maxLength, maxItems) are left out: they guard the server, which enforces them and names the
 * field it refuses, and no model call comes near them.
 */
function inputJsonSchema(shape: z.ZodRawShape): JsonSchema {
  return once(inputs, shape, () =>
    trim(z.toJSONSchema(z.strictObject(shape), { target: "draft-7", io: "input" }), SIZE_CAPS),
  );
}

const SIZE_CAPS = new Set(["maxLength", "maxItems", "maxProperties"]);

/**
 * The result's top level only: each field's name, type and whether it is always there, closed to other
 * fields. Nested objects are listed by type alone: no model needs them to call the tool, a client's check
 * of them adds nothing to the server's (which holds every result to the whole schema before sending it),
 * and they were most of the list's bytes.
 */
function outputJsonSchema(output: z.ZodRawShape | z.ZodObject): JsonSchema {
  return once(outputs, output, () => {
    const object = output instanceof z.ZodObject ? output : z.object(output);
    return shallow(trim(z.toJSONSchema(object, { target: "draft-7", io: "output" })));
  });
}

function once(converted: WeakMap<object, JsonSchema>, key: object, make: () => JsonSchema): JsonSchema {
  let schema = converted.get(key);
  if (!schema) {
    schema = make();
    converted.set(key, schema);
  }
  return schema;
}

/** What a nested schema keeps: enough to tell a string from a list. */
const TYPE_ONLY = ["type", "enum", "const"] as const;

/** The root object's own keywords, and each field reduced to TYPE_ONLY. */
function shallow(schema: JsonSchema): JsonSchema {
  if (!isObject(schema.properties)) return schema;
  const fields = Object.entries(schema.properties).map(([name, field]) => {
    const kept: JsonSchema = {};
    // A union (a nullable object, say) has no one type to name: any value passes, as the server has checked it.
    for (const key of TYPE_ONLY) if (isObject(field) && key in field) kept[key] = field[key];
    return [name, kept];
  });
  return { ...schema, properties: Object.fromEntries(fields) };
}

/**
 * Drops what zod writes and no reader needs: the dialect (every keyword used here means the same in
 * draft-07 and 2020-12, the default a 2025-11-25 client assumes) and the ±2^53 bounds of every integer.
 */
function trim(schema: unknown, dropped: ReadonlySet<string> = new Set()): JsonSchema {
  // `names` is true for the object under "properties", whose keys are field names, never keywords.
  const strip = (node: unknown, names = false): unknown => {
    if (Array.isArray(node)) return node.map((n) => strip(n));
    if (!isObject(node)) return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (!names && (key === "$schema" || dropped.has(key))) continue;
      if (!names && key === "minimum" && value === Number.MIN_SAFE_INTEGER) continue;
      if (!names && key === "maximum" && value === Number.MAX_SAFE_INTEGER) continue;
      out[key] = strip(value, !names && key === "properties");
    }
    return out;
  };
  return strip(schema) as JsonSchema;
}

function isObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
