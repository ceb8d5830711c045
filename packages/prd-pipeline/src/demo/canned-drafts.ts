// Section drafts that pass validation, for the scripted host, the demo and the benchmark.
import type { SectionType } from "../sections/section-catalogue.js";

const DRAFTS: Record<SectionType, string> = {
  overview: `## Overview

Users sign in with their existing identity provider instead of a local password. This removes password
resets from support load and lets security teams enforce their own sign-in policies.`,
  goals: `## Goals

- Cut password-reset tickets by half within one quarter of launch.
- Let administrators require their identity provider for every member of their workspace.
- Keep sign-in under two seconds for nine out of ten users.`,
  assumptions: `## Assumptions

| ID | Assumption | Rests on | How we will know it is wrong |
|---|---|---|---|
| ASM-01 | Every workspace uses one identity provider | CLR-01 | A workspace asks for a second provider |
| ASM-02 | The provider supports OIDC discovery | Feature request | Discovery fails during setup |`,
  requirements: `## Requirements

| ID | Requirement | Priority | Depends On | Source |
|---|---|---|---|---|
| FR-001 | Users sign in through the configured identity provider | Must | - | Clarification round 1 |
| FR-002 | Administrators enable or disable provider sign-in per workspace | Must | FR-001 | Clarification round 2 |
| FR-003 | Sessions expire after the period the workspace configures | Should | FR-001 | Security review |
| NFR-001 | Sign-in completes within 2 s at p95, measured by a k6 load test | Must | FR-001 | Goals |`,
  user_stories: `## User Stories

- As a member, I sign in with my company account so that I do not manage another password (FR-001).
- As an administrator, I require provider sign-in so that leavers lose access the day they leave (FR-002).`,
  technical_specification: `## Technical Specification

The sign-in flow sits behind an \`IdentityPort\`; the \`OidcAdapter\` implements it, so the domain never
imports the provider SDK. Scope: \`src/auth/sign-in.ts\` and \`src/auth/oidc-adapter.ts\` are affected.

\`\`\`ts
interface IdentityPort {
  exchangeCode(code: AuthorizationCode): Promise<VerifiedIdentity>;
}
const SESSION_TTL_SECONDS = 3600;
\`\`\`

- Every endpoint requires authentication with a bearer session token; the callback validates the OIDC state.
- Client secrets come from the secrets vault at start-up and are never written in configuration files.
- Structured logging: JSON log lines carry the request id, never the token.
- Dependency scanning: npm audit and Dependabot run on every pull request.`,
  acceptance_criteria: `## Acceptance Criteria

- AC-001: Given a workspace with provider sign-in, when a member signs in, then they land on their dashboard (FR-001).
- AC-002: Given an administrator, when they disable provider sign-in, then members see the password form again (FR-002).
- AC-003: Given an expired session, when the member returns, then they are asked to sign in again (FR-003).`,
  data_model: `## Data Model

\`\`\`sql
CREATE TABLE workspaces (id UUID PRIMARY KEY, provider_required BOOLEAN NOT NULL);
CREATE TABLE identities (
  id UUID PRIMARY KEY,
  workspace_id UUID NOT NULL REFERENCES workspaces(id),
  subject TEXT NOT NULL
);
\`\`\`

Data classification: the provider subject is personal data (confidential). It is encrypted at rest, and
an erasure request deletes the identity row; consent is recorded when the member first signs in.`,
  api_specification: `## API Specification

- GET /auth/callback: completes sign-in; authentication by the OIDC state and code.
- POST /workspaces/{id}/sign-in-policy: changes the policy; bearer token with the admin role.

Rate limiting: 10 requests per minute per client on the callback. Errors use one format, RFC 9457
problem+json. The contract is published as an OpenAPI document. Deprecation: old versions get a Sunset
header and 90 days of notice.`,
  security_considerations: `## Security Considerations

Threat model: STRIDE over the sign-in flow; spoofing is handled by validating the ID token signature.
Secrets: the client secret lives in the vault and rotates every 90 days. Data protection: TLS in transit,
encryption at rest for identity rows.`,
  performance_requirements: `## Performance Requirements

| ID | Target | Measurement method | Verdict |
|---|---|---|---|
| NFR-001 | Sign-in within 2 s at p95 | k6 load test against staging | NEEDS-RUNTIME |`,
  testing: `## Testing

- Unit tests for the OIDC adapter cover FR-001 and AC-001, including negative cases: invalid state, expired code.
- Integration tests for the policy switch cover FR-002 and AC-002, with isolated fixtures per test.
- Session expiry tests cover FR-003 and AC-003 at the boundary of the configured period.
- Security tests: OWASP checks for open redirects and token injection on the callback.
- Performance tests: a k6 load test checks the sign-in latency target.
- Test data is synthetic; no production data is ever used.`,
  deployment: `## Deployment

Rollout behind a feature flag, one workspace cohort at a time. Rollback plan: switch the flag off; the
password form keeps working. Observability: metrics for sign-in success rate, structured logs, alerts on
error rate above budget, and a health check on the provider discovery endpoint.`,
  rollout_plan: `## Rollout and Migration Plan

- Stage 1: behind a feature flag for internal workspaces; move on when sign-in success stays above 99% for a week.
- Stage 2: 25 percent of workspaces, then all of them.
- Data migration: one new migration adds the identities table; no backfill, since identities are created at first sign-in. The schema ships before the code.
- Rollback: turn the flag off at any stage; the table stays and is unused.`,
  open_questions: `## Open Questions

| ID | Question | Owner | Needed by | Blocks |
|---|---|---|---|---|
| OQ-01 | Which providers does the first release certify? | Product manager | Stage 2 | FR-001 |`,
  decision_log: `## Decision Log

| ID | Decision | Alternatives considered | Rationale | Source |
|---|---|---|---|---|
| DEC-01 | Sign-in goes through an identity port | Calling the provider SDK directly | Keeps the provider swappable | CLR-01 |`,
  risks: `## Risks

| Risk | Likelihood | Mitigation |
|---|---|---|
| Provider outage blocks sign-in | Medium | Keep password sign-in as an administrator-controlled fallback |
| Misconfigured redirect URI | Low | Validate the URI when the policy is saved |`,
  timeline: `## Timeline

| Milestone | Story Points |
|---|---|
| Adapter and port | 5 |
| Policy switch | 3 |
| Rollout | 2 |
| Total | 10 |`,
  source_code: "## Source Code\n\nWritten by the implementation step.",
  test_code: "## Test Code\n\nWritten by the testing step.",
  jira_tickets: `## Jira Tickets

- EPIC: Provider sign-in
- STORY (5 points): Sign in through the identity provider (FR-001, AC-001)
- STORY (3 points): Workspace sign-in policy (FR-002, AC-002)
- TASK (2 points): Session expiry (FR-003, AC-003)`,
};

export function cannedDraft(type: SectionType): string {
  return DRAFTS[type];
}

/** A draft that fails validation: for tests of the retry path. */
export const FAILING_REQUIREMENTS = `## Requirements

| ID | Requirement | Priority |
|---|---|---|
| FR-001 | Users sign in | Must |
| FR-001 | Users sign out | Must |`;
