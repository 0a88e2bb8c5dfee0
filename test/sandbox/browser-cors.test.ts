/**
 * A browser app calling the sandbox from another origin (issue 21): a real headless Chromium
 * (Debian's `chromium-headless-shell`; `TEZOS_RPCGEN_BROWSER` names another binary) loads a page
 * from one loopback origin whose script calls sandboxes on other ports and posts what it saw back
 * to the page's server. Without a browser the test is skipped, except under CI, where it fails
 * (`.ci/run` installs the browser).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startSandbox } from "../../sandbox/index.ts";
import { listenOnLoopback } from "../support/loopback.ts";
import { SANDBOX_GENESIS, operationHashOf, operationHex } from "./support.ts";

const BROWSER = [process.env.TEZOS_RPCGEN_BROWSER, "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => p !== undefined && existsSync(p));
const itWithBrowser = BROWSER !== undefined || process.env.CI ? it : it.skip;

/** The page's script: three calls, each result (or "blocked", as a CORS refusal surfaces) posted back. */
function page(allowed: string, closed: string, operation: string): string {
  return `<!doctype html><script type="module">
const results = {};
async function attempt(name, url, init) {
  try {
    const response = await fetch(url, init);
    results[name] = [response.status, await response.json()];
  } catch (error) {
    results[name] = "blocked";
  }
}
await attempt("get", ${JSON.stringify(allowed)} + "/chains/main/chain_id");
await attempt("post", ${JSON.stringify(allowed)} + "/injection/operation", { method: "POST", headers: { "content-type": "application/json" }, body: ${JSON.stringify(JSON.stringify(operation))} });
await attempt("closed", ${JSON.stringify(closed)} + "/chains/main/chain_id");
await fetch("/report", { method: "POST", body: JSON.stringify(results) });
</script>`;
}

describe("CORS from a real browser", () => {
  itWithBrowser("lets a page on an allowed origin call the sandbox (GET, and POST after a preflight); a sandbox without --cors-origin stays closed to it", async () => {
    if (BROWSER === undefined) throw new Error("no headless browser: install Debian's chromium-headless-shell (or set TEZOS_RPCGEN_BROWSER)");
    const operation = operationHex({ branch: SANDBOX_GENESIS, data: "0badc0de" });
    let report: (results: unknown) => void = () => {};
    const reported = new Promise<unknown>((resolve) => (report = resolve));
    let html = "";
    const pages = await listenOnLoopback(
      createServer((req, res) => {
        if (req.method === "POST" && req.url === "/report") {
          let body = "";
          req.on("data", (d: Buffer) => (body += d.toString()));
          req.on("end", () => {
            res.end();
            report(JSON.parse(body));
          });
          return;
        }
        res.writeHead(req.url === "/" ? 200 : 404, { "content-type": "text/html" }).end(req.url === "/" ? html : "");
      }),
    );
    const allowed = await startSandbox({ netAddr: false, corsOrigins: [pages.url], protocol: "sandbox" });
    const closed = await startSandbox({ netAddr: false, protocol: "sandbox" });
    const profile = mkdtempSync(join(tmpdir(), "sandbox-browser-"));
    html = page(allowed.url, closed.url, operation);
    const args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", `--user-data-dir=${profile}`, `${pages.url}/`];
    const browser = spawn(BROWSER, args, { stdio: "ignore", detached: true });
    try {
      let timer: NodeJS.Timeout | undefined;
      const results = await Promise.race([reported, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("the page reported nothing within 30 s")), 30_000)))]).finally(() => clearTimeout(timer));
      expect(results).toEqual({
        get: [200, "NetXdQprcVkpaWU"],
        post: [200, operationHashOf(Buffer.from(operation, "hex"))],
        closed: "blocked",
      });
    } finally {
      // The browser's own children are in its process group.
      if (browser.pid !== undefined && browser.exitCode === null) {
        try {
          process.kill(-browser.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      await Promise.all([allowed.stop(), closed.stop(), pages.close()]);
      rmSync(profile, { recursive: true, force: true });
    }
  }, 60_000);
});
