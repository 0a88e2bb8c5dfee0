/**
 * Non-finite floats on the HTTP JSON path: the server writes them as Octez prints them (`nan`,
 * `inf`, `-inf`: json-data-encoding's `%g`/`%.0f`), not as `null`, on routes whose body has a
 * float; the client reads them back as NaN and ±Infinity.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpTransport } from "../../../runtime/client/index.ts";
import { jsonAnswerText, jsonText, parseJsonWithFloats, stringifyJsonWithFloats } from "../../../runtime/http/index.ts";
import { createRpcServer, type RpcServer } from "../../../runtime/server/index.ts";
import { getConfig, getHealthReady } from "../../../generated/shell/client.ts";
import { getConfigRoute, getHealthReadyRoute, routeTable } from "../../../generated/shell/routes.ts";
import { raw } from "../server/support.ts";

describe("JSON text with non-finite floats", () => {
  it("writes Octez's words and reads them back; strings that hold the words are left alone", () => {
    const value = { a: NaN, b: [Infinity, -Infinity, 1.5], s: "nan", t: "\u0000x:nan" };
    const text = stringifyJsonWithFloats(value);
    expect(text).toBe('{"a":nan,"b":[inf,-inf,1.5],"s":"nan","t":"\\u0000x:nan"}');
    expect(parseJsonWithFloats(text)).toEqual(value);
    // C's printf may write a NaN with its sign bit set as `-nan`.
    expect(parseJsonWithFloats("[-nan, nan]")).toEqual([NaN, NaN]);
    expect(() => parseJsonWithFloats("[infinity]")).toThrow(SyntaxError);
    expect(() => parseJsonWithFloats("{nan: 1}")).toThrow(SyntaxError);
  });

  it("is plain JSON.stringify for bodies without floats, and for finite values", () => {
    const value = { a: 1, b: ["x", null, true], c: 2.5 };
    expect(jsonText(value, false)).toBe(JSON.stringify(value));
    expect(jsonText(value, true)).toBe(JSON.stringify(value));
    expect(jsonAnswerText({ a: NaN }, true)).toBe('{"a":nan}\n');
  });

  it("the route table marks the bodies whose schema has a float", () => {
    expect(getConfigRoute.output.floats).toBe(true);
    expect(getHealthReadyRoute.output.floats).toBeUndefined();
    expect(routeTable.filter((r) => r.output.floats).map((r) => r.operation)).toContain("getConfig");
  });
});

describe("over loopback", () => {
  const config = { p2p: { "expected-proof-of-work": NaN, limits: { "connection-timeout": Infinity, "authentication-timeout": -Infinity } } };
  let server: RpcServer;
  beforeAll(async () => {
    server = await createRpcServer({
      routes: routeTable,
      partialHandlers: true,
      handlers: { getConfig: () => config, getHealthReady: () => ({ ready: true }) },
    });
  });
  afterAll(() => server.close());

  it("the server writes nan, inf and -inf on a float route; the client reads NaN and ±Infinity", async () => {
    const answer = await raw(`${server.url}/config`);
    expect(answer.text).toBe('{"p2p":{"expected-proof-of-work":nan,"limits":{"connection-timeout":inf,"authentication-timeout":-inf}}}\n');
    const read = await getConfig(new HttpTransport({ baseUrl: server.url }), {});
    expect(read).toEqual(config);
  });

  it("routes without a float answer plain JSON", async () => {
    expect((await raw(`${server.url}/health/ready`)).text).toBe('{"ready":true}\n');
    expect(await getHealthReady(new HttpTransport({ baseUrl: server.url }), {})).toEqual({ ready: true });
  });
});
