/**
 * `bytes` values are hexadecimal text: Octez's JSON destructor refuses anything else although
 * the published pattern (`^([a-zA-Z0-9][a-zA-Z0-9])*$`) allows any letter. A request body with
 * such a value gets the node's 400 body-parse answer and never reaches a handler, whichever
 * route and wherever the field sits; clients refuse such values in answers too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTable, postInjectionBlockRoute, postInjectionOperationRoute } from "../../../generated/shell/routes.ts";
import type { Handlers } from "../../../generated/shell/server.ts";
import { createRpcServer, type RpcServer } from "../../../runtime/server/index.ts";
import { jsonPattern } from "../../../runtime/rpc/json-validation.ts";
import { GENESIS, raw } from "./support.ts";

const OPERATION_HASH = "oneev3QMfQJd2fEM3zQPdFwwPY1aohkxffttrK8Qrswemnh2nML";
const calls: string[] = [];

const handlers: Partial<Handlers> = {
  postInjectionBlock: ({ body }) => (calls.push(`block ${body.data}`), GENESIS),
  postInjectionOperation: ({ body }) => (calls.push(`operation ${body}`), OPERATION_HASH),
  postPrivateInjectionOperations: ({ body }) => (calls.push(`operations ${body.join(",")}`), body.map(() => OPERATION_HASH)),
};

let server: RpcServer;
beforeAll(async () => {
  server = await createRpcServer({ routes: routeTable, handlers: handlers as Handlers, partialHandlers: true });
});
afterAll(() => server.close());

function post(path: string, body: unknown) {
  return raw(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

const block = (data: string, operationData = "00") => ({ data, operations: [[{ branch: GENESIS, data: operationData }]] });

describe("bytes fields of request bodies", () => {
  it.each([
    ["alphanumeric but not hex, at the top of a field", "/injection/block", block("zz"), "/data"],
    ["odd length", "/injection/block", block("abc"), "/data"],
    ["nested in a list of lists", "/injection/block", block("00", "0g"), "/operations/0/0/data"],
    ["the whole body", "/injection/operation", "zz", "/"],
    ["an element of a list body", "/private/injection/operations", ["00", "xy"], "/1"],
  ])("refuses %s with 400 before the handler", async (_what, path, body, where) => {
    calls.length = 0;
    const a = await post(path, body);
    expect(a.status).toBe(400);
    expect(a.headers["content-type"]).toBe("text/plain");
    expect(a.text).toBe(`Failed to parse the request body: at ${where}: expected hexadecimal bytes (an even number of digits 0-9, a-f, A-F)`);
    expect(calls).toEqual([]);
  });

  it("accepts hexadecimal text in either case, and the empty string", async () => {
    calls.length = 0;
    expect((await post("/injection/block", block("00aBcD", ""))).status).toBe(200);
    expect((await post("/injection/operation", "DEADbeef")).text).toBe(`"${OPERATION_HASH}"\n`);
    expect(calls).toEqual(["block 00aBcD", "operation DEADbeef"]);
  });
});

describe("the validators", () => {
  it("read data-encoding's bytes patterns (current and older) as hexadecimal", () => {
    const current = jsonPattern("^([a-zA-Z0-9][a-zA-Z0-9])*$", "u");
    expect(["", "00", "aBcDeF09"].map((s) => current.test(s))).toEqual([true, true, true]);
    expect(["zz", "0", "0g", "00 "].map((s) => current.test(s))).toEqual([false, false, false, false]);
    const older = jsonPattern("^[a-zA-Z0-9]+$", "u");
    expect(["00", "", "zz", "abc"].map((s) => older.test(s))).toEqual([true, false, false, false]);
    // Still a loop: a 10-million-character value is answered, not a RangeError.
    const big = "ab".repeat(5_000_000);
    expect([current.test(big), current.test(`${big}z`), older.test(big)]).toEqual([true, false, true]);
    // Other patterns keep their meaning.
    expect(jsonPattern("^[a-z]+$", "u").test("zz")).toBe(true);
  });

  it("refuse non-hex bytes in outputs and inputs alike", () => {
    expect(postInjectionOperationRoute.input!.validate("zz")).toBe(false);
    expect(postInjectionOperationRoute.input!.validate("ab")).toBe(true);
    expect(postInjectionBlockRoute.input!.validate(block("ab", "zz"))).toBe(false);
  });
});
