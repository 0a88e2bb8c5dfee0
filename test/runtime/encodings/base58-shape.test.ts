import { describe, expect, it } from "vitest";
import { BASE58, BASE58_ALPHABET, BASE58_CHARACTER, TEZOS_BASE58_GROUPS, encodeBase58, encodeBase58Check, isBase58Shaped, isTezosBase58, tezosBase58Pattern } from "../../../runtime/index.ts";

/** The Base58 text of prefix, payload and checksum bytes all `fill` (no checksum computed). */
function extreme(kind: (typeof BASE58)[keyof typeof BASE58], fill: number): string {
  const bytes = new Uint8Array(kind.prefix.length + kind.payloadLength + 4).fill(fill);
  bytes.set(kind.prefix);
  return encodeBase58(bytes);
}

describe("the shape of Base58Check text (JSON validation without checksums)", () => {
  it("the character class is the Base58 alphabet", () => {
    const re = new RegExp(`^${BASE58_CHARACTER}$`);
    for (let code = 32; code < 127; code++) expect(re.test(String.fromCharCode(code))).toBe(BASE58_ALPHABET.includes(String.fromCharCode(code)));
  });

  it("every value of every type has its type's shape: the smallest and largest bytes after the prefix match the pattern", () => {
    for (const kind of Object.values(BASE58)) {
      const shape = new RegExp(tezosBase58Pattern(kind.name), "u");
      for (const fill of [0x00, 0xff]) expect(isBase58Shaped(extreme(kind, fill), shape), `${kind.name} ${fill}`).toBe(true);
      expect(isBase58Shaped(encodeBase58Check(kind, new Uint8Array(kind.payloadLength).fill(9)), shape)).toBe(true);
    }
  });

  it("tells the types apart: no valid value of one type has another type's shape", () => {
    const kinds = Object.values(BASE58);
    for (const kind of kinds) {
      const values = [extreme(kind, 0x00), extreme(kind, 0xff), encodeBase58Check(kind, new Uint8Array(kind.payloadLength).fill(9))];
      for (const other of kinds) {
        if (other === kind) continue;
        const shape = new RegExp(tezosBase58Pattern(other.name), "u");
        for (const value of values) expect(isBase58Shaped(value, shape), `${kind.name} taken for ${other.name}`).toBe(false);
      }
    }
  });

  it("a group's pattern takes each of its types and nothing else; text, the invalid-UTF-8 form, not other values", () => {
    const shape = new RegExp(tezosBase58Pattern("public_key_hash"), "u");
    const tz1 = "tz1ddb9NMYHZi5UzPdzTZMYQQZoMub195zgv";
    for (const kind of TEZOS_BASE58_GROUPS.public_key_hash.kinds) expect(isBase58Shaped(encodeBase58Check(kind, new Uint8Array(20)), shape)).toBe(true);
    expect(isBase58Shaped({ invalid_utf8_string: [...tz1].map((c) => c.charCodeAt(0)) }, shape)).toBe(true);
    expect(isBase58Shaped("KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi", shape)).toBe(false);
    expect(isBase58Shaped(tz1.slice(0, -1), shape)).toBe(false);
    expect(isBase58Shaped(`${tz1.slice(0, -1)}0`, shape)).toBe(false); // 0 is not Base58
    expect(isBase58Shaped(42, shape)).toBe(false);
    // The shape leaves the checksum to isTezosBase58.
    const badChecksum = `${tz1.slice(0, -1)}w`;
    expect([isBase58Shaped(badChecksum, shape), isTezosBase58("public_key_hash", badChecksum)]).toEqual([true, false]);
    expect(() => tezosBase58Pattern("no_such_group")).toThrow(/unknown Base58Check group/);
  });
});
