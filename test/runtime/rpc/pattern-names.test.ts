/**
 * The generated validators check each Base58 type against its own shape: ajv shares compiled
 * patterns by their printed form, and once every Base58 keyword of `generated/shell/` tested
 * the first pattern, refusing every peer id (see also `test/generator/emit/validator-patterns.test.ts`).
 */
import { describe, expect, it } from "vitest";
import { getChainsBlocksRoute, getNetworkSelfRoute } from "../../../generated/shell/routes.ts";

describe("generated Base58 checks", () => {
  it("accept each type's own values and refuse another type's", () => {
    const peer = getNetworkSelfRoute.output.validate;
    const blocks = getChainsBlocksRoute.output.validate;
    expect(peer("idsYQgTmSRMS16ZU8iDgfke9Nc4m6S")).toBe(true);
    expect(peer("BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2")).toBe(false);
    expect(blocks([["BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2"]])).toBe(true);
    expect(blocks([["idsYQgTmSRMS16ZU8iDgfke9Nc4m6S"]])).toBe(false);
  });
});
