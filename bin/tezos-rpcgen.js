#!/usr/bin/env node
// Runs the TypeScript sources of the command line through tsx, so that neither a checkout nor
// an installed copy needs a build step.
import { register } from "tsx/esm/api";

register();
await import("../generator/cli/main.ts");
