import { describe, expect, it } from "vitest";
import { FramingError, MAX_FRAME_LENGTH, frameBinary, jsonAnswerText, readFrameLength, unframeBinary, writeFrameLength } from "../../../runtime/http/index.ts";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

function framingProblem(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FramingError);
    return (error as FramingError).problem;
  }
  throw new Error("expected a FramingError");
}

describe("binary framing", () => {
  it("prefixes a payload with its 4-byte big-endian length (octez-http.md §2.2 example: a chain id)", () => {
    expect(hex(frameBinary(Uint8Array.from([0x7a, 0x06, 0xa7, 0x70])))).toBe("000000047a06a770");
    expect(hex(frameBinary(new Uint8Array(114)).subarray(0, 4))).toBe("00000072");
    expect(hex(frameBinary(new Uint8Array(0)))).toBe("00000000");
  });

  it("reads lengths above 2^24 and refuses those above uint30", () => {
    const buffer = new Uint8Array(4);
    writeFrameLength(buffer, MAX_FRAME_LENGTH);
    expect(hex(buffer)).toBe("3fffffff");
    expect(readFrameLength(buffer)).toBe(MAX_FRAME_LENGTH);
    expect(readFrameLength(Uint8Array.from([0x01, 0x02, 0x03, 0x04]))).toBe(0x01020304);
    expect(framingProblem(() => readFrameLength(Uint8Array.from([0x40, 0, 0, 0])))).toBe("length-out-of-range");
    expect(framingProblem(() => readFrameLength(Uint8Array.from([0xff, 0xff, 0xff, 0xff])))).toBe("length-out-of-range");
    expect(framingProblem(() => writeFrameLength(buffer, MAX_FRAME_LENGTH + 1))).toBe("length-out-of-range");
  });

  it("unframes exactly one frame and names what is wrong otherwise", () => {
    expect(hex(unframeBinary(Uint8Array.from([0, 0, 0, 2, 9, 8])))).toBe("0908");
    expect(hex(unframeBinary(Uint8Array.from([0, 0, 0, 0])))).toBe("");
    expect(framingProblem(() => unframeBinary(Uint8Array.from([0, 0, 2])))).toBe("missing-prefix");
    expect(framingProblem(() => unframeBinary(Uint8Array.from([0, 0, 0, 3, 1])))).toBe("truncated");
    expect(framingProblem(() => unframeBinary(Uint8Array.from([0, 0, 0, 1, 1, 2])))).toBe("trailing-bytes");
    expect(() => unframeBinary(Uint8Array.from([0, 0, 0, 3, 1]))).toThrow("announces 3 bytes of payload; the body holds 1");
  });

  it("writes a single JSON answer minified with one newline", () => {
    expect(jsonAnswerText({ a: [1, "x"] })).toBe('{"a":[1,"x"]}\n');
    expect(jsonAnswerText({})).toBe("{}\n");
  });
});
