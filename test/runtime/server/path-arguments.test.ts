/**
 * Path arguments reach handlers as the text of the path, whatever parser accepted them: the
 * generated request types say `path: { … : string }`, also for the argument types whose query
 * values are numbers or booleans (`int`, `uint`, `bool`), such as the DAL node's
 * `/levels/<int32>/slots/<int>/status`. A value the parser refuses is still answered 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyRouteDescriptor } from "../../../runtime/index.ts";
import { createRpcServer, type RpcServer } from "../../../runtime/server/index.ts";

const anything = Object.assign(() => true, { errors: null });
const json = { mediaTypes: ["application/json"], validate: anything } as const;
const route: AnyRouteDescriptor = {
  operation: "getSlot",
  method: "GET",
  path: [
    { kind: "static", name: "levels" },
    { kind: "arg", name: "int32", key: "int32", multiple: false },
    { kind: "static", name: "slots" },
    { kind: "arg", name: "int", key: "int", multiple: false },
    { kind: "static", name: "flags" },
    { kind: "arg", name: "bool", key: "bool", multiple: false },
  ],
  query: [],
  streaming: "never",
  output: json,
  error: json,
};

let server: RpcServer;
beforeAll(async () => {
  server = await createRpcServer({ routes: [route], handlers: { getSlot: ({ path }: { path: Record<string, unknown> }) => path } as never });
});
afterAll(() => server.close());

describe("path arguments", () => {
  it("are handed over as text, also for int, uint and bool", async () => {
    const answer = await fetch(`${server.url}/levels/7340/slots/-3/flags/yes`);
    expect(await answer.json()).toEqual({ int32: "7340", int: "-3", bool: "yes" });
  });

  it("are still refused with 400 when their parser refuses them", async () => {
    const answer = await fetch(`${server.url}/levels/7340/slots/three/flags/yes`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("Cannot parse integer value");
  });
});
