// One tool = one definition: name, schema, annotations and a handler that returns plain data.
import { z } from "zod";

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** What a tool may declare as its output: a zod object or the raw shape of one. */
export type ToolOutput = z.ZodRawShape | z.ZodObject;

/** The structured result a tool declares, as a TS type (unknown for a tool that declares none). */
export type ToolResult<T> = T extends { output?: infer Out }
  ? Out extends z.ZodObject
    ? z.infer<Out>
    : Out extends z.ZodRawShape
      ? z.infer<z.ZodObject<Out>>
      : unknown
  : unknown;

export interface ToolDefinition<
  Ctx,
  Shape extends z.ZodRawShape = z.ZodRawShape,
  Out extends ToolOutput | undefined = ToolOutput | undefined,
> {
  /** Unprefixed name; a surface may add a prefix when it registers the tool. */
  name: string;
  title: string;
  /**
   * What the tool does, for the model. As a function it names other tools through `tool(name)`, which
   * gives each name as the server registers it (prefix included).
   */
  description: string | ((tool: (name: string) => string) => string);
  input: Shape;
  /**
   * The shape of the structured result (after `jsonResult` wraps a non-object as `{ result }`). The server
   * forwards it as the tool's outputSchema, so every successful structuredContent is checked against it and
   * a mismatch comes back as an error result instead of reaching the client.
   */
  output?: Out;
  annotations: ToolAnnotations;
  /** Returns the structured result; throws UserError for expected failures. */
  run(args: z.infer<z.ZodObject<Shape>>, ctx: Ctx): unknown | Promise<unknown>;
  /**
   * The text content a model reads, when it should be other than the result as JSON (which stays the
   * structuredContent either way); undefined falls back to the JSON, or to a line saying where the result
   * is when `reader.structuredOnly` (the client hands its model structuredContent alone: tool-call.ts).
   */
  text?(result: unknown, args: z.infer<z.ZodObject<Shape>>, reader: ClientReader): string | undefined;
}

/** What the server knows of how the connected client reads an answer. */
export interface ClientReader {
  structuredOnly: boolean;
}

/** Identity function that keeps the handler's argument type tied to its schema. */
export function defineTool<Ctx, Shape extends z.ZodRawShape, Out extends ToolOutput | undefined = undefined>(
  definition: ToolDefinition<Ctx, Shape, Out>,
): ToolDefinition<Ctx, Shape, Out> {
  return definition;
}

/** The tool's declared output as one zod object, for code that parses a result with it. */
export function outputSchemaOf<T extends { output?: ToolOutput }>(
  tool: T,
): z.ZodType<ToolResult<T>> | undefined {
  if (tool.output === undefined) return undefined;
  const schema: z.ZodType = tool.output instanceof z.ZodObject ? tool.output : z.object(tool.output);
  return schema as z.ZodType<ToolResult<T>>;
}

/** Annotations for a tool that reads and never changes anything. */
export const readOnly: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Annotations for a tool that writes but only adds or updates (never deletes). */
export const additiveWrite: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

/** Annotations for a tool that may overwrite or remove data. */
export const destructiveWrite: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
};
