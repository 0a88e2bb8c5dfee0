import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BinaryFrameSplitter, ElementTooLargeError, FramingError, NdjsonSplitter, frameBinary, splitStream, type StreamSplitter } from "../../../runtime/http/index.ts";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const utf8 = (s: string) => new TextEncoder().encode(s);

/** Cuts `bytes` at the given offsets (sorted, deduplicated by the caller or not). */
function cut(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    out.push(bytes.subarray(start, point));
    start = point;
  }
  out.push(bytes.subarray(start));
  return out;
}

function feed(splitter: StreamSplitter, chunks: Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const chunk of chunks) out.push(...splitter.push(chunk));
  out.push(...splitter.end());
  return out;
}

const concat = (parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

describe("newline-delimited JSON", () => {
  // Elements as the node writes them (octez-http.md §2.4): minified JSON then "\n".
  const elements = ["[]", '[{"hash":"oo1","contents":[{"kind":"transaction","amount":"1000000"}],"error":[{"kind":"branch","id":"proto.alpha.contract.counter_in_the_past"}]}]', '"é ☃ 😀"', "{}"];
  const body = utf8(elements.map((e) => `${e}\n`).join(""));

  it("splits into elements whatever the chunking: whole, 1-byte, random", () => {
    expect(feed(new NdjsonSplitter(), [body]).map(text)).toEqual(elements);
    expect(feed(new NdjsonSplitter(), [...body].map((b) => Uint8Array.of(b))).map(text)).toEqual(elements);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 20 }), (offsets) => {
        expect(feed(new NdjsonSplitter(), cut(body, offsets)).map(text)).toEqual(elements);
      }),
      { numRuns: 200 },
    );
  });

  it("does not keep references to the caller's chunk buffers", () => {
    const splitter = new NdjsonSplitter();
    const chunk = utf8('{"a":1');
    splitter.push(chunk);
    chunk.fill(0x20);
    expect(splitter.push(utf8("}\n")).map(text)).toEqual(['{"a":1}']);
  });

  it("drops blank lines and keeps a last line that has no newline", () => {
    expect(feed(new NdjsonSplitter(), [utf8('1\n\n\r\n 2\n3')]).map(text)).toEqual(["1", " 2", "3"]);
    expect(feed(new NdjsonSplitter(), [utf8("")])).toEqual([]);
  });

  it("caps one element, counting bytes across chunks, and takes elements up to the cap", () => {
    expect(feed(new NdjsonSplitter(4), [utf8("1234\n12"), utf8("34\n")]).map(text)).toEqual(["1234", "1234"]);
    const splitter = new NdjsonSplitter(4);
    splitter.push(utf8("123"));
    expect(() => splitter.push(utf8("45"))).toThrow(ElementTooLargeError);
    expect(() => feed(new NdjsonSplitter(4), [utf8("12345\n")])).toThrow("stream element is larger than the cap of 4 bytes (5 bytes)");
  });
});

describe("length-prefixed binary", () => {
  const payloads = [Uint8Array.of(1, 2, 3), new Uint8Array(0), Uint8Array.from({ length: 300 }, (_, i) => i & 0xff), Uint8Array.of(0x0a)];
  const body = concat(payloads.map(frameBinary));

  it("splits into payloads whatever the chunking: whole, 1-byte, random", () => {
    expect(feed(new BinaryFrameSplitter(), [body])).toEqual(payloads);
    expect(feed(new BinaryFrameSplitter(), [...body].map((b) => Uint8Array.of(b)))).toEqual(payloads);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 20 }), (offsets) => {
        expect(feed(new BinaryFrameSplitter(), cut(body, offsets))).toEqual(payloads);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses an announced length above the cap before reading the payload", () => {
    const splitter = new BinaryFrameSplitter(299);
    expect(splitter.push(frameBinary(Uint8Array.of(1)))).toEqual([Uint8Array.of(1)]);
    try {
      splitter.push(Uint8Array.of(0, 0, 1, 44));
      throw new Error("expected the cap to be enforced");
    } catch (error) {
      expect(error).toBeInstanceOf(ElementTooLargeError);
      expect((error as ElementTooLargeError).size).toBe(300);
    }
  });

  it("fails when the stream ends inside a prefix or a payload", () => {
    expect(() => feed(new BinaryFrameSplitter(), [Uint8Array.of(0, 0)])).toThrow(FramingError);
    expect(() => feed(new BinaryFrameSplitter(), [Uint8Array.of(0, 0, 0, 5, 1, 2)])).toThrow("2 of 5 payload bytes");
  });

  it("splitStream yields elements as an async iterable", async () => {
    async function* source() {
      for (const chunk of cut(body, [1, 5, 9, 100])) yield chunk;
    }
    const out: Uint8Array[] = [];
    for await (const payload of splitStream(source(), new BinaryFrameSplitter())) out.push(payload);
    expect(out).toEqual(payloads);
  });
});
