import { describe, expect, it } from "vitest";
import { DecodeError, EncodeError, decodeBytes, encodeBytes } from "../../../../runtime/index.ts";
import {
  MICHELINE_NEWEST_KNOWN_PROTOCOL,
  MICHELSON_PRIMITIVE_NAMES,
  MichelineTableError,
  NEWEST_MICHELINE_TABLE,
  micheline,
  michelineTableForProtocol,
  michelineTableFromNames,
} from "../../../../runtime/encodings/micheline/index.ts";
import { itWithReference } from "../../../support/reference.ts";
import { fromHex, primitivesEnumOf } from "./helpers.ts";

const ALPHA_DUMP = "describe-mempool-alpha-2022-06-09.json";
const ITHACA_DUMP = "describe-mempool-ithaca-2022-06-09.json";
const GRANADA_DUMP = "describe-mempool-granada-2021-09-10.raw.json";

describe("primitive tables per protocol", () => {
  it("codes are unique and the newest table has 161 names", () => {
    expect(MICHELSON_PRIMITIVE_NAMES.length).toBe(161);
    expect(new Set(MICHELSON_PRIMITIVE_NAMES).size).toBe(161);
    expect(NEWEST_MICHELINE_TABLE.names).toEqual(MICHELSON_PRIMITIVE_NAMES);
  });

  it("spot checks of codes used in the recorded vectors", () => {
    const code = (name: string) => NEWEST_MICHELINE_TABLE.codes.get(name);
    expect([code("parameter"), code("storage"), code("code"), code("CAR"), code("UNIT"), code("string"), code("option")]).toEqual([0, 1, 2, 0x16, 0x4f, 0x68, 0x63]);
  });

  it("each protocol's table is a prefix of the next one, apart from the two renamed codes", () => {
    for (let p = 1; p < MICHELINE_NEWEST_KNOWN_PROTOCOL; p++) {
      const older = michelineTableForProtocol(p).names;
      const newer = michelineTableForProtocol(p + 1).names;
      expect(newer.length).toBeGreaterThanOrEqual(older.length);
      const changed = older.flatMap((name, code) => (newer[code] === name ? [] : [`${code}:${name}->${newer[code]}`]));
      if (p + 1 === 13) expect(changed).toEqual(["132:sapling_transaction->sapling_transaction_deprecated"]);
      else if (p + 1 === 15) expect(changed).toEqual(["136:TICKET->TICKET_DEPRECATED"]);
      else expect(changed).toEqual([]);
    }
  });

  it("sizes of a few protocols", () => {
    const sizes = [1, 2, 5, 8, 11, 12, 13, 14, 15, 16, 19, 23, 24, 25].map((p) => michelineTableForProtocol(p).names.length);
    expect(sizes).toEqual([111, 112, 118, 141, 147, 148, 151, 152, 155, 157, 158, 159, 161, 161]);
  });

  it("refuses protocol numbers it does not know", () => {
    expect(() => michelineTableForProtocol(0)).toThrowError(MichelineTableError);
    expect(() => michelineTableForProtocol(MICHELINE_NEWEST_KNOWN_PROTOCOL + 1)).toThrowError(MichelineTableError);
  });
});

describe("choosing the table from a describe dump's primitive enum", () => {
  itWithReference(ALPHA_DUMP)("Alpha (June 2022): Jakarta's 151 codes, renamed sapling code, v2 annotations", () => {
    const table = michelineTableFromNames(primitivesEnumOf(ALPHA_DUMP));
    expect(table.names.length).toBe(151);
    expect(table.names).toEqual(michelineTableForProtocol(13).names);
    expect(table.names[132]).toBe("sapling_transaction_deprecated");
    expect(table.names[150]).toBe("sapling_transaction");
    expect(table.annotations).toBe("v2");
  });

  itWithReference(ITHACA_DUMP)("Ithaca: 148 codes, code 132 still named sapling_transaction", () => {
    const table = michelineTableFromNames(primitivesEnumOf(ITHACA_DUMP));
    expect(table.names).toEqual(michelineTableForProtocol(12).names);
    expect(table.names[132]).toBe("sapling_transaction");
    expect(table.annotations).toBe("v2");
  });

  itWithReference(GRANADA_DUMP)("Granada: 141 codes, TICKET at 136, v1 annotations", () => {
    const table = michelineTableFromNames(primitivesEnumOf(GRANADA_DUMP));
    expect(table.names).toEqual(michelineTableForProtocol(10).names);
    expect(table.names[136]).toBe("TICKET");
    expect(table.annotations).toBe("v1");
  });

  itWithReference([ALPHA_DUMP, ITHACA_DUMP])("the same code decodes to the name of each protocol", () => {
    const bytes = fromHex("03 84");
    expect(decodeBytes(micheline({ primitives: primitivesEnumOf(ITHACA_DUMP) }), bytes)).toEqual({ prim: "sapling_transaction" });
    expect(decodeBytes(micheline({ primitives: primitivesEnumOf(ALPHA_DUMP) }), bytes)).toEqual({ prim: "sapling_transaction_deprecated" });
  });

  itWithReference(ITHACA_DUMP)("primitives newer than the protocol are refused both ways", () => {
    const ithaca = micheline({ primitives: primitivesEnumOf(ITHACA_DUMP) });
    expect(() => encodeBytes(ithaca, { prim: "MIN_BLOCK_TIME" })).toThrowError(EncodeError);
    expect(() => decodeBytes(ithaca, fromHex("03 94"))).toThrowError(DecodeError);
    expect(decodeBytes(ithaca, fromHex("03 93"))).toEqual({ prim: "SUB_MUTEZ" });
  });

  it("names are accepted in any order", () => {
    const shuffled = [...michelineTableForProtocol(16).names].reverse();
    expect(michelineTableFromNames(shuffled).names).toEqual(michelineTableForProtocol(16).names);
  });

  it("refuses names from a protocol newer than the tables", () => {
    expect(() => michelineTableFromNames([...MICHELSON_PRIMITIVE_NAMES, "FUTURE_OP"])).toThrowError(/FUTURE_OP/);
  });

  it("refuses a set that is not a prefix of any protocol's codes", () => {
    const withHole = MICHELSON_PRIMITIVE_NAMES.filter((name) => name !== "SLICE");
    expect(() => michelineTableFromNames(withHole)).toThrowError(MichelineTableError);
    expect(() => michelineTableFromNames(["parameter", "parameter"])).toThrowError(/duplicates/);
  });
});
