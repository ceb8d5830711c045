#!/usr/bin/env node
// Entry point of the `archon-prd` command; the CLI itself is built to dist/.
import "../dist/cli/main.js";
