/**
 * The HTTP client against the server over loopback, for every route of both shell snapshots,
 * in JSON and in binary: what the handler returns is what the client gets, field for field;
 * what the client sends (path, query, body) is what the handler receives; an error trace thrown
 * by the handler reaches the client as the same trace with the same status; streams deliver
 * every element.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as shell from "../../../generated/shell/routes.ts";
import * as legacy from "../../../generated/shell-legacy/routes.ts";
import { binaryCodecs as shellCodecs } from "../../../generated/shell/binary.ts";
import { binaryCodecs as legacyCodecs } from "../../../generated/shell-legacy/binary.ts";
import { BASE58, encodeBase58Check, HttpTransport, RpcError, binaryBodies, type AnyRouteDescriptor, type BinaryCodecTable, type QueryParameterDescriptor } from "../../../runtime/index.ts";
import { createRpcServer, RpcServerError, type RpcServer } from "../../../runtime/server/index.ts";
import { GENESIS } from "./support.ts";
import { makeValue } from "./value-maker.ts";

const PEER_ID = encodeBase58Check(BASE58.cryptobox_public_key_hash, new Uint8Array(16));
const PROTOCOL = encodeBase58Check(BASE58.protocol_hash, new Uint8Array(32).fill(7));

/** A valid path argument per argument type. */
const PATH_VALUES: Record<string, string | string[]> = { chain_id: "main", block_hash: GENESIS, peer_id: PEER_ID, point: "127.0.0.1:9732", string: ["chains", "main"], Protocol_hash: PROTOCOL };

/** Bodies with a valid value, however found; hand-picked where the search finds none. */
const OVERRIDES: Record<string, unknown> = {
  "shell-legacy postInjectionOperation.input": "00",
  // What the search finds first, `{}`, fits two cases of the union (JSON cannot tell them apart).
  "shell putConfigLogging.input": { active_sinks: ["file-descriptor-path:///dev/null"] },
};

function queryValue(param: QueryParameterDescriptor): unknown {
  const one = (): string | number | boolean => {
    switch (param.type) {
      case "bool":
      case "flag":
        return true;
      case "int":
      case "uint":
        return 5;
      case "chain_id":
        return "main";
      case "block_hash":
        return GENESIS;
      case "Protocol_hash":
        return PROTOCOL;
      case "date":
        return "2024-01-01T00:00:00Z";
      case "timespan":
        return "10";
      case "p2p.point.state_filter":
        return "running";
      default:
        throw new Error(`no test value for query type ${param.type}`);
    }
  };
  return param.kind === "multi" ? [one(), one()] : one();
}

interface Case {
  route: AnyRouteDescriptor;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  input?: unknown;
  output: unknown;
}

/** A value of every body that its generated validator accepts (`unfound` lists the bodies with none). */
function buildCases(name: string, routes: readonly AnyRouteDescriptor[], codecs: BinaryCodecTable): { cases: Case[]; unfound: string[] } {
  const unfound: string[] = [];
  const valueOf = (route: AnyRouteDescriptor, part: "input" | "output"): unknown => {
    const key = `${route.operation}.${part}`;
    if (`${name} ${key}` in OVERRIDES) return OVERRIDES[`${name} ${key}`];
    const codec = codecs[route.operation]?.[part];
    const value = makeValue({ validate: route[part]!.validate, ...(codec ? { decode: (r) => codec.decode(r), encode: (w, v) => codec.encode(w, v) } : {}) });
    if (value === undefined) unfound.push(key);
    return value;
  };
  const cases = routes.map((route): Case => {
    const path: Record<string, unknown> = {};
    for (const segment of route.path) if (segment.kind === "arg") path[segment.key] = PATH_VALUES[segment.name];
    const query: Record<string, unknown> = {};
    for (const param of route.query) query[param.name] = queryValue(param);
    // A flag that makes the route stream is set only when streaming (see below).
    if (typeof route.streaming === "object") query[route.streaming.whenFlag] = false;
    const output = valueOf(route, "output");
    const input = route.input ? valueOf(route, "input") : undefined;
    const c: Case = { route, path, query, output };
    if (input !== undefined) c.input = input;
    return c;
  });
  return { cases, unfound };
}

const TRACE = (operation: string) => [{ kind: "temporary", id: "test.handler_error", operation, detail: { n: 1, list: ["a"] } }];

for (const [name, module, codecs] of [
  ["shell", shell, shellCodecs],
  ["shell-legacy", legacy, legacyCodecs],
] as const) {
  describe(`${name}: client ↔ server for every route`, () => {
    const { cases, unfound } = buildCases(name, module.routeTable, codecs);
    const byOperation = new Map(cases.map((c) => [c.route.operation, c]));
    const received: unknown[] = [];
    let failWith: RpcServerError | undefined;
    // One handler for every operation: records the request, then answers the case's value.
    const handlers = new Proxy(
      {},
      {
        get: (_target, operation: string) =>
          function (request: unknown) {
            received.push(request);
            if (failWith) throw failWith;
            const c = byOperation.get(operation)!;
            const streaming = c.route.streaming === "always" || (typeof c.route.streaming === "object" && (request as { query: Record<string, unknown> }).query[c.route.streaming.whenFlag] === true);
            if (!streaming) return c.output;
            return (async function* () {
              yield c.output;
              yield c.output;
            })();
          },
      },
    );
    let server: RpcServer;
    beforeAll(async () => {
      server = await createRpcServer({ routes: module.routeTable, handlers, binary: codecs, validateOutput: true });
    });
    afterAll(async () => {
      await server.close();
    });

    // Union cases may overlap (timestamp.system: RFC 3339 text or int64, both strings): the
    // validators read data-encoding's oneOf as the node does, so every body has valid values.
    it("finds a value its validator accepts for every body", () => {
      expect(unfound).toEqual([]);
    });

    for (const mediaType of ["application/json", "application/octet-stream"] as const) {
      it(`round-trips every route in ${mediaType}`, async () => {
        let checked = 0;
        const transport = new HttpTransport({ baseUrl: server.url, mediaType, binary: binaryBodies(codecs), validate: true });
        for (const c of cases) {
          const request = { path: c.path as never, query: c.query as never, ...(c.route.input ? { body: c.input } : {}) };
          const expected: Record<string, unknown> = {};
          if (c.route.path.some((s) => s.kind === "arg")) expected.path = c.path;
          if (c.route.query.length > 0) expected.query = c.query;
          if (c.route.input) expected.body = c.input;

          received.length = 0;
          failWith = undefined;
          if (c.route.streaming === "always") {
            const values: unknown[] = [];
            for await (const value of transport.stream(c.route, request)) values.push(value);
            expect(values, c.route.operation).toEqual([c.output, c.output]);
          } else {
            expect(await transport.call(c.route, request), c.route.operation).toEqual(c.output);
          }
          expect(received, c.route.operation).toEqual([expected]);

          if (typeof c.route.streaming === "object") {
            const flagged = { ...request, query: { ...c.query, [c.route.streaming.whenFlag]: true } as never };
            const values: unknown[] = [];
            for await (const value of transport.stream(c.route, flagged)) values.push(value);
            expect(values, `${c.route.operation} streaming`).toEqual([c.output, c.output]);
          }

          failWith = new RpcServerError(409, TRACE(c.route.operation));
          const error = await transport.call(c.route, request).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error, c.route.operation).toBeInstanceOf(RpcError);
          expect((error as RpcError).status).toBe(409);
          expect((error as RpcError).trace, c.route.operation).toEqual(TRACE(c.route.operation));
          failWith = undefined;
          checked++;
        }
        expect(checked).toBe(cases.length);
      });
    }
  });
}
