// Recognises how an NFR will be measured, the way engineers write it: a named tool, a kind of run, or the
// data a number is computed from. One recogniser for the validator's rule and the performance clamp.

/** Families in order of preference: the first that matches names the method. */
const METHODS: readonly (readonly [string, RegExp])[] = [
  // Load, benchmark and profiling tools, named by their usual spelling.
  [
    "load tool",
    /\b(?:k6|jmeter|gatling|locust|autocannon|artillery|vegeta|wrk2?|siege|bombardier|ghz|tsung|hey|apache ?bench|ab -n|pgbench|sysbench|hyperfine|lighthouse|webpagetest)\b/,
  ],
  [
    "profiler",
    /\bprofil(?:er|ing|e)\b|\bflame ?graphs?\b|\bpy-spy\b|\bclinic(?:\.js)?\b|\bperf (?:record|stat)\b/,
  ],
  // Kinds of runs: "a load test", "a soak run of 2 h", "an autocannon run of 60 s".
  [
    "test run",
    /\b(?:load|stress|soak|spike|endurance|performance|perf)[- ]?(?:tests?|runs?|testing)\b|test de charge/,
  ],
  ["benchmark", /\bbench(?:mark)?(?:s|ed|ing)?\b/],
  ["timed run", /\brun of \d+(?:\.\d+)? ?(?:ms|s|sec|seconds?|min|minutes?|h|hours?)\b/],
  // Numbers computed from data the system records: timestamps, metrics, traces, logs.
  ["timestamps", /\btimestamps?\b|\b(?:min|max|avg|sum|count|percentile_cont|p\d{2})\s*\(\s*\w+/],
  [
    "monitoring",
    /\b(?:prometheus|grafana|datadog|new relic|opentelemetry|otel|apm|histogram|dashboard|tracing|traces?|synthetic (?:check|monitor)s?|real user monitoring|rum)\b/,
  ],
  ["query plan", /\bexplain (?:analy[sz]e|plan)\b/],
  ["measured", /\bmeasur(?:ed|ing|ement|e)\b|\bmesur/],
];

/** The words that name how a text measures (`autocannon`, `timestamps`), or null: a bare "< 200 ms at p95" names none. */
export function measurementMethod(text: string): string | null {
  const lower = text.toLowerCase();
  for (const [, re] of METHODS) {
    const found = re.exec(lower);
    if (found) return found[0].trim();
  }
  return null;
}
