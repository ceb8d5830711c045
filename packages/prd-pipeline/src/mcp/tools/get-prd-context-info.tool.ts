// get_prd_context_info: the eight PRD contexts with their sections, rounds and triggers.
import { defineTool, readOnly } from "@archon/core";
import { z } from "zod";
import { CONTEXTS, PRD_CONTEXTS } from "../../sections/contexts.js";
import { SECTION_TYPES } from "../../sections/section-catalogue.js";

export const getPrdContextInfoTool = defineTool({
  name: "get_prd_context_info",
  title: "Describe PRD contexts",
  description: "Lists the PRD contexts (or one), with the sections each plans and its clarification rounds.",
  input: { context: z.enum(PRD_CONTEXTS).optional() },
  output: {
    contexts: z.array(
      z.object({
        context: z.enum(PRD_CONTEXTS),
        title: z.string(),
        description: z.string(),
        sections: z.array(z.enum(SECTION_TYPES)),
        clarification_rounds: z.object({ min: z.number().int(), max: z.number().int() }),
        triggers: z.array(z.string()),
      }),
    ),
  },
  annotations: readOnly,
  run: (args) => ({
    contexts: PRD_CONTEXTS.filter((c) => !args.context || c === args.context).map((c) => ({
      context: c,
      title: CONTEXTS[c].title,
      description: CONTEXTS[c].description,
      sections: CONTEXTS[c].sections,
      clarification_rounds: CONTEXTS[c].rounds,
      triggers: CONTEXTS[c].triggers,
    })),
  }),
});
