/**
 * Issue 14's reproducers for the generator's input: bodies without end or announced as huge
 * (bounded reads, `--max-size`, `--timeout` for `--spec URL`), describe trees nested deep enough
 * to exhaust the call stack, and a CLI whose output pipe closes early.
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DescribeFormatError, DescribeLoadError, loadDescribeSource, readDescribeTree } from "../../../generator/describe/index.ts";
import { MAX_DESCRIBE_NESTING } from "../../../generator/describe/validate.ts";
import { getJson } from "../../../generator/live/http.ts";
import { LiveCaptureError } from "../../../generator/live/errors.ts";
import { runDecode } from "../../../generator/cli/commands/decode.ts";
import { byteSize } from "../../../generator/cli/options.ts";
import { loadSpec } from "../../../generator/cli/spec-source.ts";
import { targets } from "../../../generator/cli/commands/generate.ts";
import { bin, exitCodeOf, inspected, repoRoot, runInProcess, shellSnapshot } from "../cli/support.ts";
import { service } from "./fixtures.ts";
import { rejection } from "../../support/rejection.ts";

let server: Server;
let base = "";
/** Bytes sent by the endless handler before the client gave up. */
let endlessSent = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? "").split("/")[1] ?? "";
    if (path === "endless") {
      // A chunked body that never ends: 64 KB chunks as fast as the client reads them.
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(65536, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) endlessSent += chunk.length;
        if (!res.destroyed) res.once("drain", pump);
      };
      res.write("[");
      pump();
      req.socket.on("close", () => res.destroy());
    } else if (path === "huge") {
      // Announces 3 GB and sends nothing more: the client must refuse before reading.
      res.writeHead(200, { "content-type": "application/json", "content-length": String(3 * 1024 ** 3) });
      res.flushHeaders();
      req.socket.on("close", () => res.destroy());
    } else if (path === "silent") {
      req.socket.on("close", () => res.destroy());
    } else {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ static: {} }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const failure = (run: () => Promise<unknown>): Promise<Error> => rejection(run, Error);

describe("HTTP bodies are read with a size limit", () => {
  it("stops an endless chunked body at the limit (describe loader)", async () => {
    endlessSent = 0;
    const error = await failure(() => loadDescribeSource(`${base}/endless`, { maxBytes: 1024 * 1024, timeoutMs: 20_000 }));
    expect(error).toBeInstanceOf(DescribeLoadError);
    expect(error.message).toContain("longer than the limit of 1048576 bytes (--max-size)");
    // The socket's buffers hold a few chunks more than were read, not megabytes more.
    expect(endlessSent).toBeLessThan(16 * 1024 * 1024);
  });

  it("refuses a body announced as 3 GB before reading it (describe loader and live capture)", async () => {
    const load = await failure(() => loadDescribeSource(`${base}/huge`, { timeoutMs: 20_000 }));
    expect(load).toBeInstanceOf(DescribeLoadError);
    expect(load.message).toContain(`announces ${3 * 1024 ** 3} bytes (Content-Length), more than the limit of ${128 * 1024 * 1024} bytes`);
    const live = await failure(() => getJson(base, `${base}/huge`, { timeoutMs: 20_000, retries: 3, retryDelayMs: 1 }));
    expect(live).toBeInstanceOf(LiveCaptureError);
    expect((live as LiveCaptureError).reason).toBe("too-large");
  });

  it("stops an endless body in a live capture too, without retrying", async () => {
    const live = await failure(() => getJson(base, `${base}/endless`, { maxBytes: 100_000, timeoutMs: 20_000, retries: 3, retryDelayMs: 1 }));
    expect((live as LiveCaptureError).reason).toBe("too-large");
  });

  it("list --spec URL: exit 2 and one line for a body over --max-size, and for --timeout", async () => {
    const tooLarge = await runInProcess(["list", "routes", "--spec", `${base}/endless`, "--max-size", "64k"]);
    expect(tooLarge.code).toBe(2);
    expect(tooLarge.stderr).toMatch(/^tezos-rpcgen: cannot read the interface of \S+: .*longer than the limit of 65536 bytes \(--max-size\)\n$/);
    // The same options through the functions: --timeout, and the sizes.
    const slow = await exitCodeOf(() => loadSpec({ spec: `${base}/silent`, timeout: 200 }));
    expect(slow).toEqual({ code: 2, message: expect.stringMatching(/^cannot read the interface of \S+: no complete answer from .* within 200 ms$/) });
    expect([byteSize("500000"), byteSize("64k"), byteSize("64M"), byteSize("1G")]).toEqual([500_000, 65_536, 64 * 1024 ** 2, 1024 ** 3]);
    for (const bad of ["lots", "0", "-1", "1.5M"]) expect(() => byteSize(bad)).toThrow(/expected a size in bytes/);
  });
});

describe("describe trees nested beyond any real answer", () => {
  /** A tree whose single service sits `depth` static directories down. */
  function deepTree(depth: number): unknown {
    const path: string[] = [];
    for (let i = 0; i < depth; i++) path.push(`d${i}`);
    let node: unknown = { static: { get_service: service("GET", path) } };
    for (let i = depth - 1; i >= 0; i--) node = { static: { subdirs: { suffixes: [{ name: `d${i}`, tree: node }] } } };
    return node;
  }

  it("reads a tree 150 directories deep", () => {
    const tree = readDescribeTree(deepTree(150));
    expect(tree.services).toHaveLength(1);
    expect(tree.services[0]!.route).toHaveLength(150);
  });

  it("refuses a tree 1,000 (and 100,000) directories deep with a DescribeFormatError naming the limit, not a stack overflow", () => {
    for (const depth of [1000, 100_000]) {
      let error: unknown;
      try {
        readDescribeTree(deepTree(depth));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DescribeFormatError);
      expect((error as DescribeFormatError).problem).toContain(`nested deeper than ${MAX_DESCRIBE_NESTING} levels`);
      expect((error as DescribeFormatError).pointer).toMatch(/^\/static\/subdirs\/suffixes\/0\/tree\/static/);
    }
  });
});

describe("a closed output pipe", () => {
  it("ends `list encodings` quietly (exit 0, nothing on stderr) when the reader has gone", async () => {
    const child = spawn(process.execPath, [bin, "list", "encodings"], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
    // Close our end before the command writes: its first write meets a closed pipe (EPIPE).
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});

describe("names given on the command line", () => {
  it("decode: a name of Object.prototype is an unknown encoding (exit 2), alone or inside an expression", async () => {
    const spec = inspected(shellSnapshot);
    for (const encoding of ["{a: constructor}", "constructor", "[toString]", "__proto__", "hasOwnProperty"]) {
      const result = await exitCodeOf(() => runDecode([encoding, "00"], {}, { spec }));
      expect(result.code).toBe(2);
      expect(result.message).toMatch(/^no encoding named "(constructor|toString|__proto__|hasOwnProperty)"/);
    }
    // As field names they are data: `{__proto__: uint8}` decodes to an own property.
    expect(JSON.parse(await runDecode(["{__proto__: uint8, constructor: uint8}", "0102"], { compact: true }, { spec }))).toEqual(
      JSON.parse('{"__proto__": 1, "constructor": 2}'),
    );
  });

  it("generate/check: --name is one folder name inside --out", () => {
    for (const name of ["../escape", "a/b", "a\\b", "..", ".", ""]) {
      expect(() => targets(["spec/snapshots/shell.json"], name)).toThrow(/--name must be a single folder name inside --out/);
    }
    expect(targets(["spec/snapshots/shell.json"], "mynode")).toEqual([{ source: "spec/snapshots/shell.json", name: "mynode" }]);
  });
});
