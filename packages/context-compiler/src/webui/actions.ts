// The panel's writes: approve, reject, approve a bundle, answer a conflict, archive observations, each
// through the same admin service its MCP tool calls.
import { UserError } from "@archon/core";
import type { Context, Hono } from "hono";
import { type ArchonContext, writeContext } from "../context/archon-context.js";
import { approveProposal, rejectProposal } from "../knowledge/approval/approve-proposal.js";
import { approveProposalBundle } from "../knowledge/approval/bundle.js";
import { archiveObservations } from "../knowledge/observations/observation-triage.js";
import { resolveConflict } from "../knowledge/standing-rules/resolve-conflict.js";
import { readVersion } from "../store/version.js";
import { CONFLICT_RESOLUTIONS } from "../vocabulary/lifecycle.js";
import { type Flash, fragment, type Html } from "./layout.js";

/** Where an action lands: the page to show again, rendered for the request's query. */
export interface Landing {
  path: string;
  render: () => Html;
}

type Form = Record<string, string | File | (string | File)[]>;

const field = (form: Form, name: string): string => {
  const value = form[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first.trim() : "";
};
const fields = (form: Form, name: string): string[] => {
  const value = form[name];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === "string",
  );
};

/**
 * Runs one action and answers it: htmx gets the landing page's main part with a flash line and the new
 * version; a plain form post (no script) is sent back to the page. A UserError is the flash, status 409,
 * and the service has changed nothing.
 */
async function answer(
  c: Context,
  ctx: ArchonContext,
  landing: (form: Form) => Landing,
  run: (form: Form) => string,
): Promise<Response> {
  const form = (await c.req.parseBody({ all: true })) as Form;
  const to = landing(form);
  let flash: Flash;
  let status: 200 | 409 = 200;
  try {
    flash = { kind: "ok", text: run(form) };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    flash = { kind: "error", text: error.message, hint: error.hint };
    status = 409;
  }
  if (c.req.header("hx-request") !== "true") return c.redirect(to.path, 303);
  return c.html(fragment(readVersion(ctx.kdb.db), flash, to.render()), status);
}

export interface ActionPages {
  proposals: () => Landing;
  bundle: (bundleId: string) => Landing;
  observations: (status: string) => Landing;
  conflicts: () => Landing;
}

const required = (value: string, name: string) => {
  if (value === "") throw new UserError(`${name} is empty.`, `Fill in ${name} and try again.`, name);
  return value;
};

export function registerActions(app: Hono, ctx: ArchonContext, pages: ActionPages): void {
  const w = () => writeContext(ctx);
  app.post("/proposals/:id/approve", (c) =>
    answer(c, ctx, pages.proposals, () => {
      const r = approveProposal(w(), { proposal_id: c.req.param("id") });
      return `Approved ${r.proposal_id}: knowledge_version ${r.knowledge_version}${r.snapshot_id ? `, snapshot ${r.snapshot_id}` : " (no change to knowledge)"}.${r.warnings.length > 0 ? ` ${r.warnings.join(" ")}` : ""}`;
    }),
  );
  app.post("/proposals/:id/reject", (c) =>
    answer(c, ctx, pages.proposals, (form) => {
      const r = rejectProposal(w(), {
        proposal_id: c.req.param("id"),
        comment: required(field(form, "comment"), "comment"),
      });
      return `Rejected ${r.proposal_id}; knowledge is unchanged.`;
    }),
  );
  app.post("/bundles/:id/approve", (c) =>
    answer(
      c,
      ctx,
      () => pages.bundle(c.req.param("id")),
      () => {
        const r = approveProposalBundle(w(), { bundle_id: c.req.param("id") });
        return `Approved bundle ${r.bundle_id} (${r.approved.length} proposals): knowledge_version ${r.knowledge_version}.`;
      },
    ),
  );
  app.post("/conflicts/resolve", (c) =>
    answer(c, ctx, pages.conflicts, (form) => {
      const resolution = CONFLICT_RESOLUTIONS.find((r) => r === field(form, "resolution"));
      if (!resolution)
        throw new UserError("resolution must be keep_both, supersede or cancel.", undefined, "resolution");
      const r = resolveConflict(
        { ...w(), ids: ctx.ids },
        {
          proposal_id: field(form, "proposal_id"),
          existing_doc_id: field(form, "existing_doc_id"),
          resolution,
        },
      );
      return `Answered ${r.proposal_id} against ${r.existing_doc_id}: ${resolution}; the proposal is ${r.proposal_status}.`;
    }),
  );
  app.post("/observations/archive", (c) =>
    answer(
      c,
      ctx,
      (form) => pages.observations(field(form, "status")),
      (form) => {
        const r = archiveObservations(w(), fields(form, "observation_id"));
        return `Archived ${r.archived.length} observation(s)${r.already_archived.length > 0 ? `; ${r.already_archived.length} already were` : ""}.`;
      },
    ),
  );
}
