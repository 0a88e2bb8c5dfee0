/**
 * What the command line reads is bounded: `--max-size` caps `@FILE` and standard input of
 * `decode`/`encode` (an endless source stops at the cap, exit 2), and a describe file whose
 * schema chains 10,000 `$ref`s is refused with a message instead of a stack overflow.
 */
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runDecode } from "../../../generator/cli/commands/decode.ts";
import { runEncode } from "../../../generator/cli/commands/encode.ts";
import { runList } from "../../../generator/cli/commands/list.ts";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { DescribeFormatError } from "../../../generator/describe/errors.ts";
import { MAX_REFERENCE_DEPTH } from "../../../generator/describe/reference-depth.ts";
import { smallShell } from "../../support/small-shell.ts";
import { bin, exitCodeOf, inspected, repoRoot, shellSnapshot } from "./support.ts";

const spec = inspected(shellSnapshot);

/** Runs the bin with an endless standard input (64 KiB chunks while it reads); resolves at its exit. */
function withEndlessStdin(args: readonly string[]): Promise<{ code: number | null; stderr: string; fed: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, stdio: ["pipe", "ignore", "pipe"] });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let fed = 0;
    let stderr = "";
    const killer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const feed = () => {
      while (child.stdin.writable && fed < 1024 * 1024 * 1024) {
        fed += chunk.length;
        if (!child.stdin.write(chunk)) return void child.stdin.once("drain", feed);
      }
    };
    child.stdin.on("error", () => undefined); // the child stops reading and exits: EPIPE
    child.stderr.on("data", (data: Buffer) => (stderr += data.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(killer);
      resolve({ code, stderr, fed });
    });
    feed();
  });
}

describe("input caps", () => {
  it("decode @/dev/zero stops at --max-size with exit 2", async () => {
    const failure = await exitCodeOf(() => runDecode(["block_header", "@/dev/zero"], { maxSize: 1024 * 1024 }, { spec }));
    expect(failure).toEqual({ code: 2, message: "the file /dev/zero is longer than the limit of 1048576 bytes (--max-size)" });
    const encode = await exitCodeOf(() => runEncode(["Chain_id", "@/dev/zero"], { maxSize: 1000 }, { spec }));
    expect(encode.code).toBe(2);
  });

  it("a file within the cap is read whole", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "rpcgen-input-")), "chain.hex");
    writeFileSync(file, "7a06a770\n");
    expect(JSON.parse(await runDecode(["Chain_id", `@${file}`], { maxSize: 9 }, { spec }))).toBe("NetXdQprcVkpaWU");
    expect((await exitCodeOf(() => runDecode(["Chain_id", `@${file}`], { maxSize: 8 }, { spec }))).code).toBe(2);
  });

  it("an endless standard input stops at --max-size with exit 2", async () => {
    const run = await withEndlessStdin(["decode", "Chain_id", "-", "--max-size", "1M"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("the standard input is longer than the limit of 1048576 bytes (--max-size)");
    expect(run.fed).toBeLessThan(64 * 1024 * 1024);
  });
});

describe("$ref chains in a describe file", () => {
  /** The shell's /version with its output schema behind `links` definitions each referring to the next. */
  function chained(links: number, spell: (name: string) => string = (name) => name): unknown {
    const root = smallShell(["/version"]);
    const service = root.static.subdirs.suffixes[0].tree.static.get_service;
    const definitions: Record<string, unknown> = { [`d${links}`]: { type: "string" } };
    for (let i = 0; i < links; i++) definitions[`d${i}`] = { type: "object", properties: { next: { $ref: `#/definitions/${spell(`d${i + 1}`)}` } } };
    service.output.json_schema = { $ref: "#/definitions/d0", definitions };
    return root;
  }

  it("a 10,000-link chain is refused with the definition where it starts, not a RangeError", async () => {
    let error: unknown;
    try {
      readDescribeTree(chained(10_000));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DescribeFormatError);
    expect((error as DescribeFormatError).pointer).toMatch(/\/get_service\/output\/json_schema\/definitions\/d\d+$/);
    expect((error as Error).message).toContain(`a chain of more than ${MAX_REFERENCE_DEPTH} definitions`);
    const file = join(mkdtempSync(join(tmpdir(), "rpcgen-refs-")), "chain.json");
    writeFileSync(file, JSON.stringify(chained(10_000)));
    const listing = await exitCodeOf(() => runList("routes", { spec: file }));
    expect(listing).toEqual({ code: 2, message: expect.stringContaining(`a chain of more than ${MAX_REFERENCE_DEPTH} definitions`) });
  });

  it("a chain spelt with percent-escapes (read as the reconciler reads them) is refused too", () => {
    expect(() => readDescribeTree(chained(10_000, (name) => `%64${name.slice(1)}`))).toThrow(DescribeFormatError);
  });

  it("a chain at the limit is read", () => {
    expect(readDescribeTree(chained(MAX_REFERENCE_DEPTH - 1)).services).toHaveLength(1);
  });
});
