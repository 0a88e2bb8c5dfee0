// Part of `npm run build`: the generated validators are JavaScript with hand-written-style
// declarations beside them (validators.js + validators.d.ts), which tsc neither compiles nor
// copies; they go to dist/ as they are, next to the compiled modules that import them. Generated
// folders live in generated/ (the shell bindings) and in sandbox/protocol/generated/ (the
// sandbox protocol's routes).
import { copyFileSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

for (const root of ["generated", join("sandbox", "protocol", "generated")]) {
  for (const name of readdirSync(root)) {
    for (const file of ["validators.js", "validators.d.ts"]) {
      const from = join(root, name, file);
      if (existsSync(from)) copyFileSync(from, join("dist", root, name, file));
    }
  }
}
