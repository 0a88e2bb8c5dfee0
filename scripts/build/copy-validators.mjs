// Part of `npm run build`: the generated validators are JavaScript with hand-written-style
// declarations beside them (validators.js + validators.d.ts), which tsc neither compiles nor
// copies; they go to dist/ as they are, next to the compiled modules that import them.
import { copyFileSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

for (const name of readdirSync("generated")) {
  for (const file of ["validators.js", "validators.d.ts"]) {
    const from = join("generated", name, file);
    if (existsSync(from)) copyFileSync(from, join("dist", "generated", name, file));
  }
}
