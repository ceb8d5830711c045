// Rules that only ask "does the section address this topic?", as data: id, severity, keywords.
import { KW } from "../keywords.js";
import { mentions } from "../markdown.js";
import type { Rule } from "../types.js";

function presence(
  id: string,
  critical: boolean,
  topic: string,
  keywords: readonly string[],
  message: string,
): Rule {
  return { id, critical, topic, check: (doc) => (mentions(doc, keywords) ? [] : [{ message }]) };
}

export const structuredLogging = presence(
  "structured_logging",
  false,
  "structured logging",
  KW.structuredLogging,
  "No structured logging is described (e.g. JSON logs with correlation ids).",
);
export const dependencyScanning = presence(
  "dependency_scanning",
  false,
  "dependency scanning",
  KW.dependencyScanning,
  "No dependency scanning is named (npm audit, Dependabot, Snyk, ...).",
);
export const dataClassification = presence(
  "data_classification",
  false,
  "data classification",
  KW.dataClassification,
  "The data classification (public, internal, confidential, PII) is not stated.",
);
export const sensitiveDataProtection = presence(
  "sensitive_data_protection",
  false,
  "sensitive data encryption",
  KW.sensitiveProtection,
  "How sensitive data is protected (encryption, hashing, masking) is not stated.",
);
export const consentErasure = presence(
  "consent_erasure",
  false,
  "consent erasure GDPR",
  KW.consentErasure,
  "Consent and erasure (right to be forgotten) support is not addressed.",
);
export const apiRateLimiting = presence(
  "api_rate_limiting",
  false,
  "rate limiting",
  KW.rateLimiting,
  "No rate limiting is specified for the API.",
);
export const apiErrorFormat = presence(
  "api_error_format",
  false,
  "error format",
  KW.errorFormat,
  "No single error format is specified (e.g. RFC 9457 problem+json).",
);
export const apiContractDocs = presence(
  "api_contract_docs",
  false,
  "OpenAPI contract",
  KW.contractDocs,
  "No contract documentation is named (OpenAPI, JSON Schema, ...).",
);
export const apiDeprecation = presence(
  "api_deprecation",
  false,
  "deprecation versioning",
  KW.deprecation,
  "No versioning or deprecation strategy is given.",
);
export const threatModel = presence(
  "threat_model",
  true,
  "threat model STRIDE",
  KW.threatModel,
  "No threat model is named (STRIDE, LINDDUN, attack trees, ...).",
);
export const secretsHandling = presence(
  "secrets_handling",
  true,
  "secrets management",
  KW.secrets,
  "Secrets handling (storage, rotation, access) is not described.",
);
export const dataProtection = presence(
  "data_protection",
  false,
  "encryption in transit at rest",
  KW.dataProtection,
  "Data protection in transit and at rest is not described.",
);
export const securityTests = presence(
  "security_tests",
  false,
  "security tests",
  KW.securityTests,
  "No security tests are planned (authz, injection, OWASP checks).",
);
export const performanceTests = presence(
  "performance_tests",
  false,
  "performance load tests",
  KW.performanceTests,
  "No performance or load tests are planned.",
);
export const negativeEdgeCases = presence(
  "negative_edge_cases",
  false,
  "negative edge cases",
  KW.negativeCases,
  "No negative or edge-case tests are planned.",
);
export const testIsolation = presence(
  "test_isolation",
  false,
  "test isolation fixtures",
  KW.isolation,
  "Test isolation (fixtures, independent data, sandboxes) is not described.",
);
export const rollbackPlan = presence(
  "rollback_plan",
  true,
  "rollback plan",
  KW.rollback,
  "No rollback plan is given.",
);
