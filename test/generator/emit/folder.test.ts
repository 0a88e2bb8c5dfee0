import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stableSource, fileHeader } from "../../../generator/emit/header.ts";
import { renderFolder } from "../../../generator/emit/write-folder.ts";
import { emitInto, FIXED_OPTIONS, projectRoot, temporaryDirectory, typeCheck, writeUsage } from "./support.ts";
import { syntheticModel } from "./synthetic-model.ts";

const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

/** Type-level uses of the generated folder: what must compile, and (`@ts-expect-error`) what must not. */
const USAGE = `
import type { JsonValue, RpcTransport, RpcRequest, RouteDescriptor } from "@tezos-rpcgen/runtime";
import {
  getBlockHeader,
  getPendingOperations,
  getNetworkPeersLog,
  getNetworkPeersLogStream,
  getVersion,
  putFilesByPath,
  forgeOperations,
  routeTable,
  getMonitorHeadsByChainIdRoute,
  validateGetVersionOutput,
  type AlphaOperationAlphaContents,
  type BlockHeader,
  type Handlers,
  type Tree,
  type Psithaca012Pair,
  type ShellHeader,
} from "./synthetic/index.ts";

declare const transport: RpcTransport;

export async function uses(): Promise<void> {
  const header = await getBlockHeader(transport, {
    path: { chain_id: "main", block_id: "head" },
    query: { protocol: ["Ps1", "Ps2"], force_metadata: true, version: 1, "with-dash": false },
  }, { mediaType: "application/octet-stream", signal: AbortSignal.timeout(10) });
  const level: number = header.level;
  const counter: string = header.counter;
  const kind: "header" = header.kind;
  const nonce: string | undefined = header.seed_nonce_hash;
  const tree: Tree | null = header.tree;
  void [level, counter, kind, nonce, tree];

  // @ts-expect-error the path argument is required
  await getBlockHeader(transport, { path: { chain_id: "main" } });
  // @ts-expect-error this service has no binary form
  await getPendingOperations(transport, { path: { chain_id: "main" } }, { mediaType: "application/octet-stream" });
  // @ts-expect-error its input has no binary form
  await putFilesByPath(transport, { path: { path: ["a", "b"] }, body: ["append", "x"] }, { mediaType: "application/octet-stream" });

  const version = await getVersion(transport);
  const major: number = version.version.major;
  void major;

  const contents: AlphaOperationAlphaContents[] = [
    { kind: "transaction", source: "tz1", amount: "1", parameters: { children: [{ value: 1 }, "empty"] } },
    { kind: "reveal", public_key: "edpk" },
    "00ff",
    { kind: "old_transaction", memo: { invalid_utf8_string: [255] }, extra: { more: [{ tag: null }] } },
  ];
  await forgeOperations(transport, { path: { chain_id: "main", block_id: "head" }, body: { contents } });
  // @ts-expect-error unknown kind
  const wrong: AlphaOperationAlphaContents = { kind: "delegation" };
  void wrong;

  const one: Tree[] = await getNetworkPeersLog(transport, { path: { peer_id: "id" } });
  for await (const element of getNetworkPeersLogStream(transport, { path: { peer_id: "id" } })) {
    const entries: Tree[] = element;
    void entries;
  }
  void one;

  const pair: Psithaca012Pair = [1, "abc", [true, null]];
  void pair;
  const route: RouteDescriptor<undefined, ShellHeader, JsonValue> = getMonitorHeadsByChainIdRoute;
  void route;
  const count: number = routeTable.length;
  const ok: boolean = validateGetVersionOutput({});
  void [count, ok];
}

export const handlers: Pick<Handlers, "getVersion" | "getMonitorHeadsByChainId" | "getNetworkPeersLog"> = {
  getVersion: () => ({ version: { major: 20 }, commit: "abc" }),
  async *getMonitorHeadsByChainId(request, context) {
    void context.signal;
    yield { level: Number(request.path.chain_id.length), predecessor: "B" };
  },
  getNetworkPeersLog: async () => [],
};

export const header: Partial<BlockHeader> = { padded: 1 };

/** A transport that checks what generated functions hand it. */
export const recording: RpcTransport = {
  call<I, O, E>(route: RouteDescriptor<I, O, E>, request: RpcRequest<I>): Promise<O> {
    void route; void request;
    return Promise.reject(new Error("not connected"));
  },
  async *stream<I, O, E>(route: RouteDescriptor<I, O, E>, request: RpcRequest<I>): AsyncIterable<O> {
    void route; void request;
  },
};
`;

describe("generated folder (synthetic model)", () => {
  it("type-checks under the project's strict options, with the expected errors where they belong", async () => {
    const files = await emitInto(tmp.path, "synthetic", syntheticModel());
    const usage = writeUsage(tmp.path, "usage.ts", USAGE);
    const diagnostics = typeCheck([...files.filter((f) => f.endsWith(".ts")), usage], tmp.path);
    expect(diagnostics).toEqual([]);
  });

  it("writes one file per concern, each starting with the header", async () => {
    const files = await renderFolder(syntheticModel(), FIXED_OPTIONS);
    expect(files.map((f) => f.name)).toEqual(["types.ts", "codecs.ts", "validators.js", "validators.d.ts", "routes.ts", "binary.ts", "client.ts", "server.ts", "index.ts"]);
    const header = fileHeader({ version: "0.0.0-test", source: "synthetic.json", describeHash: "0".repeat(64) });
    for (const file of files) expect(file.contents.startsWith(header)).toBe(true);
  });

  it("is byte-deterministic", async () => {
    const first = await emitInto(tmp.path, "first", syntheticModel());
    const second = await emitInto(tmp.path, "second", syntheticModel());
    expect(first.length).toBe(second.length);
    for (let i = 0; i < first.length; i++) expect(readFileSync(second[i]!, "utf8")).toBe(readFileSync(first[i]!, "utf8"));
    expect(readdirSync(join(tmp.path, "first")).sort()).toEqual(readdirSync(join(tmp.path, "second")).sort());
  });

  it("imports the runtime only through its stable entry, and shares no helpers between files", async () => {
    const files = await renderFolder(syntheticModel(), FIXED_OPTIONS);
    for (const file of files) {
      const specifiers = [...file.contents.matchAll(/from "([^"]+)"/g)].map((m) => m[1]!);
      for (const specifier of specifiers) expect(specifier === "@tezos-rpcgen/runtime" || specifier.startsWith("./")).toBe(true);
      expect(file.contents).not.toMatch(/\brequire\(/);
    }
    // Nothing runs at import time but constant definitions: no top-level calls.
    for (const file of files.filter((f) => f.name.endsWith(".ts") && f.name !== "codecs.ts")) {
      const statements = file.contents.split("\n").filter((line) => /^[A-Za-z]/.test(line));
      for (const line of statements) expect(line).toMatch(/^(import|export|const|function|\}|\]|\))/);
    }
  });

  it("types named definitions, cases, recursion, options and JSON-only parts", async () => {
    const files = await renderFolder(syntheticModel(), FIXED_OPTIONS);
    const types = files.find((f) => f.name === "types.ts")!.contents;
    expect(types).toContain("export interface ShellHeader {");
    expect(types).toContain("export type Tree = TreeLeaf | TreeNode | \"empty\";");
    expect(types).toContain("children: Tree[];");
    expect(types).toContain("tree: Tree | null;");
    expect(types).toContain("export type Ballot = \"yay\" | \"nay\" | \"pass\";");
    expect(types).toContain("export type Psithaca012Pair = [number, Unistring, (boolean | null)[]];");
    expect(types).toContain("} & ShellHeader;");
    expect(types).toContain("seed_nonce_hash?: string;");
    expect(types).toContain("note?: Unistring;");
    expect(types).toContain("script: MichelineExpression;");
    expect(types).toContain("export type UnitValue = Record<string, never>;");
    expect(types).toContain("export type OldTransaction = {");
    expect(types).toContain("more?: LegacyExtra[];");
    expect(types).toContain("It is *\\/ careful with comments.");
    expect(types).toContain('import type { JsonValue, MichelineExpression, Unistring } from "@tezos-rpcgen/runtime";');
  });

  it("describes routes: path template, query kinds, streaming and media types", async () => {
    const files = await renderFolder(syntheticModel(), FIXED_OPTIONS);
    const routes = files.find((f) => f.name === "routes.ts")!.contents;
    expect(routes).toContain('{ name: "protocol", kind: "multi", type: "protocol_hash", valueType: "string" }');
    expect(routes).toContain('{ name: "force_metadata", kind: "flag", type: "flag", valueType: "boolean" }');
    expect(routes).toContain('{ name: "version", kind: "single", type: "int", valueType: "number" }');
    expect(routes).toContain('streaming: { whenFlag: "monitor" }');
    expect(routes).toContain('{ kind: "arg", name: "id", key: "id_2", multiple: false }');
    expect(routes).toMatch(/getPendingOperationsRoute[^]*?output: \{\s*mediaTypes: \["application\/json"\],\s*validate: validateGetPendingOperationsOutput,\s*jsonOnly:/);
    expect(routes).not.toContain("decodeGetPendingOperationsOutput");
  });

  it("names a file in the header by its name alone, wherever it lies, and a URL as given less credentials and query", () => {
    expect(stableSource(join(projectRoot, "spec/snapshots/shell.json"))).toBe("shell.json");
    expect(stableSource("spec/snapshots/shell.json")).toBe("shell.json");
    expect(stableSource("/tmp/capture-1/octez.json")).toBe("octez.json");
    expect(stableSource("C:\\runner\\work\\octez.json")).toBe("octez.json");
    expect(stableSource("http://user:pw@127.0.0.1:8732/?recurse=yes")).toBe("http://127.0.0.1:8732");
    expect(stableSource("https://rpc.example.org:443/octez")).toBe("https://rpc.example.org/octez");
  });
});
