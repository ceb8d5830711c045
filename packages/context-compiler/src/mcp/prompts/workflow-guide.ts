// The operating guide served as archon://guide/workflow: how an agent reads, reports and gets rules approved.

export const WORKFLOW_GUIDE_URI = "archon://guide/workflow";

export function workflowGuide(prefix: string): string {
  const t = (name: string) => `\`${prefix}${name}\``;
  return `# Working with archon

Archon holds this project's coding rules as small documents wired to files by path globs, layers,
commands and dependencies. It hands you exactly the rules for the files you are about to touch. It
never changes its rules on your say-so: you report, a person approves.

## The cycle

1. **Read** - before touching files, compile.
2. **Work** - follow what came back.
3. **Report** - tell archon what was missing, wrong or newly decided.
4. **Approve** - a person turns reports into rules on the admin surface. Not you.

## 1. Read

Call ${t("compile_context")} with:

- \`target_files\`: every repo-relative path you are about to create, edit, move or delete;
- \`plan\`: one line on what you are about to do (it ranks the documents by relevance);
- \`command: "scaffold"\` when you create something new from a template (templates are left out otherwise).

The answer lists one rule per \`##\` header (doc_id, kind, title, why it matched), most specific
first. Each has a \`delivery\`:

| delivery | what to do |
|---|---|
| \`inline\` | the content follows its header: read it now |
| \`deferred\` | read it where the header says (a file, a line range, or only the \`##\` sections you need, with their lines listed); one marked "not about your plan" only if your change concerns it |
| \`omitted\` | left out by policy (\`omit_reason\` says why); ask again with \`content_mode: "always"\` if you need it |

\`warnings\` belong to the result itself (same request, knowledge version and tag catalog: same warnings).
\`notices\` are the state of the workspace right now: pending proposals, untriaged reports, a stale
adapter file. Obey them, and pass on to the user what they ask a person to do.

Compile again when the work moves to other files. The same request at the same
\`knowledge_version\` always gives the same answer, so compiling twice is cheap and safe.

## 2. Work

Follow the inline and deferred documents as written. A \`constraint\` is a hard rule; a
\`guideline\` is the expected way; a \`pattern\` shows how; a \`reference\` states facts. When two
rules seem to disagree, the one listed first is the more specific one.

## 3. Report

${t("observe")} records what you noticed. It never changes a rule.

| you noticed | event_type | payload |
|---|---|---|
| a rule you know exists did not come back | \`compile_miss\` | \`target_files\`, \`review_comment\`, optionally \`missing_doc\`, \`target_doc_id\` |
| a rule that came back is wrong | \`review_correction\` | \`target_doc_id\`, \`proposed_content\`, \`review_comment\` |
| the user stated a standing decision ("from now on ...") | \`manual_note\` | \`note\`, optionally \`hints\`, \`abstract\` |

For a \`compile_miss\`, read the \`triage_hint\` in the answer: a near-miss glob often means the path
you passed was wrong, not the rule. For a \`manual_note\`, do what \`next_step\` says: ask the user to
confirm, and when \`conflict_candidates\` come back, offer to keep both rules, replace the old one, or
cancel.

To look around without reporting: ${t("impact")} lists the documents changing some files touches,
${t("get_compile_audit")} shows how a past compile was resolved, ${t("workspace_status")} shows the
knowledge version and backlog, ${t("get_known_tags")} lists intent tags.

## 4. Approve (a person, on the admin surface)

Reports become proposals (\`process_observations\`), proposals are reviewed (\`list_proposals\`,
\`get_proposal\`) and a person approves or rejects them (\`approve_proposal\`,
\`approve_proposal_bundle\`, \`reject_proposal\`). Each approval is one transaction: the change, a new
\`knowledge_version\` and an immutable snapshot. Your next compile sees the new rules.

Never call admin tools from a coding session, even when they are available to you: an agent that
approves its own proposals defeats the point of having rules.
`;
}
