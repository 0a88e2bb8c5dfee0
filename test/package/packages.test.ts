/**
 * The two npm packages as a user gets them. The runtime package is compiled (its own
 * tsconfig.build.json) and packed from a scratch copy of its manifest, so the test sees the
 * sources as they are now; `generate --package` writes a package for a few shell routes; a
 * temporary application installs the runtime tarball offline, builds the generated package
 * against it with its own build script, installs that package's tarball, and runs a plain-Node
 * `.mjs` that decodes with it and serves and calls one of its routes (client and server entries). The root package's tarball is checked for what it ships.
 */
import { describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { smallShell } from "../support/small-shell.ts";
import { GENESIS_HEADER_HEX, repoRoot, runInProcess } from "../generator/cli/support.ts";

const run = promisify(execFile);
const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
/** npm without network, audit, funding notices or install scripts. */
const NPM_QUIET = ["--offline", "--no-audit", "--no-fund", "--ignore-scripts"];

async function npm(args: readonly string[], cwd: string): Promise<string> {
  const env = { ...process.env, PATH: `${join(repoRoot, "node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}` };
  return (await run("npm", [...args], { cwd, env, maxBuffer: 16 * 1024 * 1024 })).stdout;
}

/** `npm pack --json` of `folder` into `destination`; the tarball's path and its file list. */
async function pack(folder: string, destination: string): Promise<{ tarball: string; files: string[] }> {
  const [info] = JSON.parse(await npm(["pack", "--json", "--ignore-scripts", "--pack-destination", destination], folder)) as Array<{ filename: string; files: Array<{ path: string }> }>;
  return { tarball: join(destination, info!.filename), files: info!.files.map((f) => f.path) };
}

describe("packages", () => {
  it("a plain Node application installs the runtime and a generated package from tarballs, builds the package and decodes with it", async () => {
    const work = mkdtempSync(join(tmpdir(), "tezos-rpcgen-packages-"));

    // The runtime package, compiled from its sources with its build configuration.
    const runtime = join(work, "runtime");
    mkdirSync(runtime);
    for (const file of ["package.json", "README.md"]) copyFileSync(join(repoRoot, "runtime", file), join(runtime, file));
    await run(process.execPath, [tsc, "-p", join(repoRoot, "runtime", "tsconfig.build.json"), "--outDir", join(runtime, "dist")]);
    const runtimePack = await pack(runtime, work);
    expect(runtimePack.files).toContain("dist/index.js");
    expect(runtimePack.files).toContain("dist/index.d.ts");
    expect(runtimePack.files.filter((f) => !f.startsWith("dist/") && !["package.json", "README.md"].includes(f))).toEqual([]);
    expect(runtimePack.files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    // Its one dependency, from the installed copy (the test runs offline).
    const noble = await pack(join(repoRoot, "node_modules", "@noble", "hashes"), work);

    // The generated package, written by the command line.
    const app = join(work, "app");
    mkdirSync(app);
    writeFileSync(join(work, "small.json"), JSON.stringify(smallShell(["/version", "/chains/*/chain_id", "/chains/*/checkpoint", "/monitor/heads/*"])));
    const generated = await runInProcess(["generate", "--spec", join(work, "small.json"), "--package", "@acme/octez-small", "--out", join(app, "octez-small")]);
    expect(generated.stderr).toContain("wrote package @acme/octez-small");
    const manifest = JSON.parse(readFileSync(join(app, "octez-small", "package.json"), "utf8")) as { dependencies: Record<string, string>; exports: unknown };
    expect(manifest.dependencies).toEqual({ "@tezos-rpcgen/runtime": "^0.1.0" });
    expect(manifest.exports).toEqual({ ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } });
    const readme = readFileSync(join(app, "octez-small", "README.md"), "utf8");
    for (const route of ["GET /version", "GET /chains/<chain_id>/chain_id", "GET /chains/<chain_id>/checkpoint", "GET /monitor/heads/<chain_id>"]) expect(readme).toContain(`| \`${route}\` |`);
    expect(readme).toContain('import { createHttpTransport } from "@tezos-rpcgen/runtime";');
    expect(readme).toMatch(/console\.log\(await get\w+\(node, \{ path: \{ chain_id: "main" \} \}\)\);/);

    // The application: the runtime from its tarball, then the generated package built against
    // it with its own build script and installed from its tarball.
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module", dependencies: { "@tezos-rpcgen/runtime": `file:${runtimePack.tarball}`, "@noble/hashes": `file:${noble.tarball}` } }));
    await npm(["install", ...NPM_QUIET], app);
    await npm(["run", "build"], join(app, "octez-small"));
    const generatedPack = await pack(join(app, "octez-small"), work);
    expect(generatedPack.files).toEqual(expect.arrayContaining(["dist/index.js", "dist/index.d.ts", "dist/validators.js", "dist/codecs.js", "src/index.ts", "README.md"]));
    await npm(["install", ...NPM_QUIET, generatedPack.tarball], app);

    writeFileSync(
      join(app, "decode.mjs"),
      `import { BinaryReader, binaryBodies, createHttpTransport, hexToBytes } from "@tezos-rpcgen/runtime";
import { createRpcServer } from "@tezos-rpcgen/runtime/server";
import { binaryCodecs, decodeBlockHeader, decodeGetChainsChainIdOutput, getChainsChainId, routeTable, validateGetChainsChainIdOutput } from "@acme/octez-small";
const header = decodeBlockHeader(new BinaryReader(hexToBytes(process.argv[2])));
const chainId = decodeGetChainsChainIdOutput(new BinaryReader(hexToBytes("7a06a770")));
// The generated routes served and called over loopback, in binary.
const server = await createRpcServer({ routes: routeTable, binary: binaryCodecs, partialHandlers: true, handlers: { getChainsChainId: () => chainId } });
const node = createHttpTransport({ baseUrl: server.url, mediaType: "application/octet-stream", binary: binaryBodies(binaryCodecs) });
const called = await getChainsChainId(node, { path: { chain_id: "main" } });
await server.close();
console.log(JSON.stringify({ level: header.level, fitness: header.fitness, chainId, valid: validateGetChainsChainIdOutput(chainId), routes: routeTable.length, called }));
`,
    );
    const { stdout } = await run(process.execPath, ["decode.mjs", GENESIS_HEADER_HEX], { cwd: app });
    expect(JSON.parse(stdout)).toEqual({ level: 0, fitness: [], chainId: "NetXdQprcVkpaWU", valid: true, routes: 4, called: "NetXdQprcVkpaWU" });
  });

  it("the root package's tarball ships the command, the compiled generator and bindings, the snapshots; no sources, tests or scripts", async () => {
    const [info] = JSON.parse(await npm(["pack", "--dry-run", "--json", "--ignore-scripts"], repoRoot)) as Array<{ files: Array<{ path: string }> }>;
    const files = info!.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(["package.json", "README.md", "bin/tezos-rpcgen.js", "spec/snapshots/shell.json", "spec/snapshots/shell-legacy.json", "spec/snapshots/tallinn.json", ".prettierrc.json"]));
    // Of sandbox/, only its README (npm ships a listed folder's README) and the sandbox
    // protocol's describe trees, which dist/sandbox/ reads at run time.
    const sandboxSource = (f: string) => f.startsWith("sandbox/") && f !== "sandbox/README.md" && !/^sandbox\/protocol\/snapshots\/[^/]+\.json$/.test(f);
    expect(files.filter((f) => /^(test|scripts|runtime|generator|generated|examples|dist\/runtime)\//.test(f) || sandboxSource(f) || (f.endsWith(".ts") && !f.endsWith(".d.ts")))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(["sandbox/protocol/snapshots/block.json", "sandbox/protocol/snapshots/mempool.json"]));
    // dist/ exists once built (`npm ci` builds it through `prepare`; CI always has it).
    if (process.env.CI || existsSync(join(repoRoot, "dist"))) {
      expect(files).toEqual(expect.arrayContaining(["dist/generator/cli/main.js", "dist/generated/shell/index.js", "dist/generated/shell/index.d.ts", "dist/generated/shell/validators.js", "dist/generated/shell-legacy/index.js", "dist/generated/tallinn/index.js", "dist/generated/tallinn/index.d.ts", "dist/generated/tallinn/validators.js", "dist/sandbox/index.js", "dist/sandbox/protocol/generated/block/validators.js"]));
      // The command as installed: compiled JavaScript, no TypeScript loader.
      const compiled = await run(process.execPath, [join(repoRoot, "bin", "tezos-rpcgen.js"), "decode", '"GET /chains/<chain_id>/chain_id" output', "7a06a770"], { env: { ...process.env, TEZOS_RPCGEN_COMPILED: "1" } });
      expect(compiled.stdout).toBe('"NetXdQprcVkpaWU"\n');
      // The protocol bindings' package entry resolves to the compiled folder.
      const entry = await run(process.execPath, ["--input-type=module", "-e", 'const m = await import("tezos-rpcgen/protocols/tallinn"); console.log(typeof m.getContractBalance, m.getContractBalanceRoute.operation)'], { cwd: repoRoot });
      expect(entry.stdout).toBe("function getContractBalance\n");
    }
  });
});
