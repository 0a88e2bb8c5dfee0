import { describe, expect, it } from "vitest";
import { BINARY_MEDIA_TYPE, JSON_MEDIA_TYPE, acceptHeader, baseMediaType, contentTypeHeader, formatErrorTrace, isErrorTrace, isMediaType, parseErrorTrace } from "../../../runtime/http/index.ts";

describe("media types", () => {
  it("sends bare type names, with no parameters", () => {
    expect(acceptHeader("application/json")).toBe("application/json");
    expect(contentTypeHeader("application/octet-stream")).toBe("application/octet-stream");
    expect([JSON_MEDIA_TYPE, BINARY_MEDIA_TYPE]).toEqual(["application/json", "application/octet-stream"]);
  });

  it("recognises only the exact names, and reads received headers leniently", () => {
    expect(isMediaType("application/json")).toBe(true);
    expect(isMediaType("application/json; charset=utf-8")).toBe(false);
    expect(isMediaType("application/bson")).toBe(false);
    expect(baseMediaType("Application/JSON; charset=utf-8")).toBe("application/json");
    expect(baseMediaType("text/plain")).toBe("text/plain");
    expect(baseMediaType(null)).toBeUndefined();
    expect(baseMediaType(" ")).toBeUndefined();
  });
});

describe("error traces", () => {
  const trace = [
    { kind: "branch", id: "proto.alpha.contract.counter_in_the_past", contract: "tz1", expected: "2", found: "1" },
    { kind: "generic", error: "unregistered" },
  ];

  it("parses a node's trace, including unregistered (generic) errors without id", () => {
    expect(parseErrorTrace(`${JSON.stringify(trace)}\n`)).toEqual(trace);
    expect(isErrorTrace(trace)).toBe(true);
  });

  it("refuses what is not a trace (the caller keeps the raw body)", () => {
    for (const body of ["", "[]", "{}", "Failed to parse the query string", '[{"id":"x"}]', '[{"kind":1}]', '[{"kind":"temporary","id":3}]', "[null]", "[[]]"]) {
      expect(parseErrorTrace(body)).toBeUndefined();
    }
  });

  it("formats one line per error", () => {
    expect(formatErrorTrace(trace)).toBe('branch proto.alpha.contract.counter_in_the_past {"contract":"tz1","expected":"2","found":"1"}\ngeneric (no id) {"error":"unregistered"}');
  });
});
