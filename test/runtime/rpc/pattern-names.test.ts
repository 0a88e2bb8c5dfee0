/**
 * ajv names each compiled `pattern` by its `toString()`; patterns built by `jsonPattern` must
 * print their own text, or the generated validators share one check among different patterns
 * (every Base58 keyword of `generated/shell/` once tested the first one, refusing every peer id).
 */
import { describe, expect, it } from "vitest";
import { getChainsBlocksRoute, getNetworkSelfRoute } from "../../../generated/shell/routes.ts";
import { jsonPattern } from "../../../runtime/index.ts";

describe("compiled patterns", () => {
  it("print their own pattern, so that ajv keeps one per pattern", () => {
    expect(String(jsonPattern("^(?:id[a-z]{2})$", "u"))).not.toBe(String(jsonPattern("^(?:B[a-z]{3})$", "u")));
  });

  it("check each Base58 type against its own shape in the generated validators", () => {
    const peer = getNetworkSelfRoute.output.validate;
    const blocks = getChainsBlocksRoute.output.validate;
    expect(peer("idsYQgTmSRMS16ZU8iDgfke9Nc4m6S")).toBe(true);
    expect(peer("BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2")).toBe(false);
    expect(blocks([["BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2"]])).toBe(true);
    expect(blocks([["idsYQgTmSRMS16ZU8iDgfke9Nc4m6S"]])).toBe(false);
  });
});
