import { describe, expect, it } from "vitest";
import { bytesToUnistring, unistringBytes, unistringText, type Unistring } from "../../../../runtime/index.ts";

describe("unistringText / unistringBytes", () => {
  it("give a string's text and UTF-8 bytes", () => {
    expect(unistringText("Tezos ꜩ")).toBe("Tezos ꜩ");
    expect(Array.from(unistringBytes("ꜩ"))).toEqual([0xea, 0x9c, 0xa9]);
  });

  it("read invalid UTF-8 as text with U+FFFD for each bad sequence, and keep the exact bytes", () => {
    const raw = Uint8Array.from([0x61, 0xff, 0x62, 0xc3]);
    const value = bytesToUnistring(raw);
    expect(value).toEqual({ invalid_utf8_string: [0x61, 0xff, 0x62, 0xc3] });
    expect(unistringText(value)).toBe("a\uFFFDb\uFFFD");
    expect(unistringBytes(value)).toEqual(raw);
  });

  it("name what is wrong with a value that is not a unistring", () => {
    expect(() => unistringText({ invalid_utf8_string: [1, 256] })).toThrow(new TypeError("expected a byte (0..255) at invalid_utf8_string[1], got 256"));
    expect(() => unistringText(null as unknown as Unistring)).toThrow(/expected a unistring .*got null/);
    expect(() => unistringBytes({ text: "a" } as unknown as Unistring)).toThrow(/expected a unistring .*got object/);
  });
});
