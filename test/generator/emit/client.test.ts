/** The generated client functions at run time: what they hand the transport. */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyRouteDescriptor, RpcRequest, RpcTransport } from "../../../runtime/index.ts";
import { emitInto, temporaryDirectory } from "./support.ts";
import { syntheticModel } from "./synthetic-model.ts";

const tmp = temporaryDirectory();
type Module = Record<string, (...args: unknown[]) => unknown>;
let client: Module;
let routes: Record<string, unknown>;
let binary: { binaryCodecs: Record<string, Record<string, { decode: unknown; encode: unknown }>> };

beforeAll(async () => {
  await emitInto(tmp.path, "synthetic", syntheticModel());
  client = (await import(pathToFileURL(join(tmp.path, "synthetic", "client.ts")).href)) as Module;
  routes = (await import(pathToFileURL(join(tmp.path, "synthetic", "routes.ts")).href)) as Record<string, unknown>;
  binary = (await import(pathToFileURL(join(tmp.path, "synthetic", "binary.ts")).href)) as typeof binary;
});
afterAll(() => tmp.cleanup());

/** A transport that records calls and answers `answer`. */
function recorder(answer: unknown) {
  const calls: Array<{ mode: "call" | "stream"; route: AnyRouteDescriptor; request: RpcRequest<unknown> }> = [];
  const transport: RpcTransport = {
    call(route, request) {
      calls.push({ mode: "call", route, request: request as RpcRequest<unknown> });
      return Promise.resolve(answer as never);
    },
    async *stream(route, request) {
      calls.push({ mode: "stream", route, request: request as RpcRequest<unknown> });
      yield answer as never;
      yield answer as never;
    },
  };
  return { transport, calls };
}

describe("generated client functions", () => {
  it("pass path, query, body and options to the transport with the service's route", async () => {
    const { transport, calls } = recorder({ ok: true });
    const signal = new AbortController().signal;
    const request = { path: { chain_id: "main", block_id: "head" }, query: { protocol: ["P1", "P2"], force_metadata: true } };
    await expect(client.getBlockHeader!(transport, request, { signal, mediaType: "application/octet-stream" })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.mode).toBe("call");
    expect(call!.route).toBe(routes.getBlockHeaderRoute);
    expect(call!.request).toEqual({ signal, mediaType: "application/octet-stream", path: request.path, query: request.query });

    await client.forgeOperations!(transport, { path: { chain_id: "main", block_id: "head" }, body: { contents: [] } });
    expect(calls[1]!.request.body).toEqual({ contents: [] });
    expect(calls[1]!.route.method).toBe("POST");

    await client.getVersion!(transport);
    expect(calls[2]!.request).toEqual({ path: {}, query: {} });
  });

  it("stream where the rule table says so, and set or clear the flag that makes a service stream", async () => {
    const { transport, calls } = recorder({ level: 1 });
    const heads: unknown[] = [];
    for await (const head of client.getMonitorHeadsByChainId!(transport, { path: { chain_id: "main" } }) as AsyncIterable<unknown>) heads.push(head);
    expect(heads).toEqual([{ level: 1 }, { level: 1 }]);
    expect(calls[0]!.mode).toBe("stream");

    await client.getNetworkPeersLog!(transport, { path: { peer_id: "id" } });
    expect(calls[1]!.mode).toBe("call");
    expect(calls[1]!.request.query).toEqual({ monitor: false });
    for await (const _ of client.getNetworkPeersLogStream!(transport, { path: { peer_id: "id" }, query: { monitor: false } }) as AsyncIterable<unknown>) break;
    expect(calls[2]!.mode).toBe("stream");
    expect(calls[2]!.request.query).toEqual({ monitor: true });
  });

  it("describe each route for transports and servers", () => {
    const table = routes.routeTable as AnyRouteDescriptor[];
    expect(table.map((r) => r.operation)).toEqual([
      "getBlockHeader",
      "forgeOperations",
      "getMonitorHeadsByChainId",
      "getNetworkPeersLog",
      "getPendingOperations",
      "getVersion",
      "deleteRoot",
      "getThingsByIdItems",
      "getThingsItems",
      "putFilesByPath",
      "patchPairsWithById",
    ]);
    const pending = routes.getPendingOperationsRoute as AnyRouteDescriptor;
    expect(pending.output.mediaTypes).toEqual(["application/json"]);
    // Binary codecs live in the binary table, only for bodies that have a binary form.
    expect("decode" in pending.output).toBe(false);
    expect(binary.binaryCodecs.getPendingOperations?.output).toBeUndefined();
    expect(pending.output.validate({ applied: [] })).toBe(true);
    expect(pending.output.validate({})).toBe(false);
    const header = routes.getBlockHeaderRoute as AnyRouteDescriptor;
    expect("decode" in header.output).toBe(false);
    expect(typeof binary.binaryCodecs.getBlockHeader!.output!.decode).toBe("function");
    expect(typeof binary.binaryCodecs.getBlockHeader!.error!.encode).toBe("function");
    expect(binary.binaryCodecs.putFilesByPath?.input).toBeUndefined();
    expect(header.path.map((s) => (s.kind === "static" ? s.name : `<${s.key}>`)).join("/")).toBe("chains/<chain_id>/blocks/<block_id>/header");
    const files = routes.putFilesByPathRoute as AnyRouteDescriptor;
    expect(files.path[1]).toEqual({ kind: "arg", name: "path", key: "path", multiple: true });
    expect(files.input?.mediaTypes).toEqual(["application/json"]);
  });
});
