// `prepare`: `npm ci` / `npm install` in a checkout build both packages' dist/. Skipped when npx
// installs this checkout into its cache to run `tezos-rpcgen` (npm_command "exec"): the
// command runs the TypeScript sources in a checkout, and the install already built dist/.
import { spawnSync } from "node:child_process";

if (process.env.npm_command !== "exec") {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  process.exitCode = build.status ?? 1;
}
