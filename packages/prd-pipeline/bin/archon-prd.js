#!/usr/bin/env node
// Entry point of the `archon-prd` command; the CLI itself is built to dist/ and bundled into dist/bundle/
// (scripts/bundle.mjs at the repository's root).
import "../dist/bundle/main.js";
