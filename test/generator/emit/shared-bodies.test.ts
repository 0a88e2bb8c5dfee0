/**
 * Bodies several services share are named for what they are, in types, codecs and validators
 * alike (shared-bodies.ts), checked on the committed shell folder (committed-output.test.ts
 * checks that it is what the generator writes).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentName, type BodyUse } from "../../../generator/emit/shared-bodies.ts";
import type { BodyCodec } from "../../../generator/reconcile/codec-model.ts";
import { projectRoot } from "./support.ts";

const folder = join(projectRoot, "generated/shell");
const files = new Map(readdirSync(folder).map((name) => [name, readFileSync(join(folder, name), "utf8")]));

describe("bodies several routes share", () => {
  it("the error trace is ErrorTrace in types, codecs and validators, and each route's error type aliases it", () => {
    expect(files.get("types.ts")).toContain("export type ErrorTrace = JsonValue;");
    expect(files.get("types.ts")).toContain("export type GetVersionError = ErrorTrace;");
    expect(files.get("codecs.ts")).toContain("export function decodeErrorTrace(r: BinaryReader): ErrorTrace {");
    expect(files.get("codecs.ts")).toMatch(/export function decodeGetVersionError\(r: BinaryReader\): GetVersionError \{\n {2}return decodeErrorTrace\(r\);/);
    expect(files.get("validators.d.ts")).toContain("export declare const validateErrorTrace: JsonValidator;");
    const version = /export const getVersionRoute[^;]*?error: \{[^}]*\}/s.exec(files.get("routes.ts")!)![0];
    expect(version).toContain("validate: validateErrorTrace");
    // No route's body is reached through the name of the first route that used it.
    for (const text of files.values()) expect(text).not.toMatch(/return decodePatchChainsByChainIdError\(r\)|validatePatchChainsByChainIdError/);
  });

  it("a body with a title, or of a simple shape, is named by it", () => {
    expect(files.get("types.ts")).toContain("export type PostInjectionOperationOutput = OperationHash;");
    expect(files.get("types.ts")).toContain("export type GetChainsLevelsCabooseOutput = BlockHashAndLevel;");
    expect(files.get("validators.d.ts")).toContain("export declare const validateEmptyObject: JsonValidator;");
  });

  it("contentName says what a body is, and falls back on the paths of the routes that share it", () => {
    const use = (typeName: string, role: BodyUse["role"], schema: BodyCodec["schema"]): BodyUse => ({ typeName, role, body: { schema, codec: { kind: "bool" } } });
    const peer = { type: "object", properties: { a: {}, b: {}, c: {}, d: {} } } as const;
    expect(contentName([use("GetAError", "Error", {}), use("GetBError", "Error", {})])).toBe("ErrorTrace");
    expect(contentName([use("GetAOutput", "Output", { title: "Block hash (Base58Check-encoded)" }), use("GetBOutput", "Output", {})])).toBe("BlockHash");
    expect(contentName([use("GetAOutput", "Output", { type: "object", properties: { level: {} } }), use("GetBOutput", "Output", {})])).toBe("Level");
    expect(contentName([use("GetNetworkPeersByPeerIdOutput", "Output", peer), use("PatchNetworkPeersByPeerIdOutput", "Output", peer)])).toBe("NetworkPeersByPeerIdOutput");
  });
});
