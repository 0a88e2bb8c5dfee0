import { describe, expect, it } from "vitest";
import type { QueryParameterDescriptor, RouteSegmentDescriptor } from "../../../runtime/index.ts";
import { PathError, QueryStringError, buildPath, buildQueryString, decodePathSegment, encodePathSegment, matchPath, parseBooleanArgument, parseQueryString, splitPath } from "../../../runtime/http/index.ts";
import { getChainsBlocksRoute, getDescribeByStringRoute, getNetworkPeersLogRoute } from "../../../generated/shell/routes.ts";

const blocksQuery = getChainsBlocksRoute.query;
const recurse: QueryParameterDescriptor = { name: "recurse", kind: "single", type: "bool", valueType: "boolean" };
const async: QueryParameterDescriptor = { name: "async", kind: "flag", type: "flag", valueType: "boolean" };

function queryError(run: () => unknown): QueryStringError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(QueryStringError);
    return error as QueryStringError;
  }
  throw new Error("expected a QueryStringError");
}

describe("building query strings", () => {
  it("writes arguments in declaration order, multi as repeated keys, percent-encoded", () => {
    expect(buildQueryString(blocksQuery, { head: ["BLa", "BLb"], length: 1 })).toBe("?length=1&head=BLa&head=BLb");
    expect(buildQueryString(blocksQuery, { head: "BLa" })).toBe("?head=BLa");
    expect(buildQueryString(blocksQuery, { min_date: "2024-01-01T00:00:00+01:00" })).toBe("?min_date=2024-01-01T00%3A00%3A00%2B01%3A00");
    expect(buildQueryString(blocksQuery, {})).toBe("");
    expect(buildQueryString(blocksQuery, { length: undefined, head: [] })).toBe("");
  });

  it("writes a flag only when true, a boolean single argument as true/false", () => {
    expect(buildQueryString(getNetworkPeersLogRoute.query, { monitor: true })).toBe("?monitor=true");
    expect(buildQueryString(getNetworkPeersLogRoute.query, { monitor: false })).toBe("");
    expect(buildQueryString([recurse], { recurse: false })).toBe("?recurse=false");
  });

  it("refuses undeclared arguments and values of the wrong shape", () => {
    expect(queryError(() => buildQueryString(blocksQuery, { lenght: 1 })).message).toContain("declares no query argument 'lenght'");
    expect(queryError(() => buildQueryString(blocksQuery, { length: [1, 2] })).problem).toBe("bad-argument");
    expect(queryError(() => buildQueryString([async], { async: "yes" })).argument).toBe("async");
    expect(queryError(() => buildQueryString(blocksQuery, { length: Number.NaN })).problem).toBe("bad-argument");
  });
});

describe("parsing query strings as the node does", () => {
  it("reads each kind, ignores undeclared keys, decodes percent-encoding", () => {
    expect(parseQueryString(blocksQuery, "?length=2&head=BLa&foo=1&head=BLb&min_date=a%3Ab")).toEqual({ length: 2, head: ["BLa", "BLb"], min_date: "a:b" });
    expect(parseQueryString(blocksQuery, "")).toEqual({ length: undefined, head: [], min_date: undefined });
    expect(parseQueryString([async], "async")).toEqual({ async: true });
    expect(parseQueryString([async], "?async=false")).toEqual({ async: false });
    expect(parseQueryString([async], "")).toEqual({ async: false });
    expect(parseQueryString([recurse], "recurse=YES")).toEqual({ recurse: true });
  });

  it("keeps commas inside one multi value (commas do not separate values)", () => {
    expect(parseQueryString(blocksQuery, "head=A,B")).toEqual({ length: undefined, head: ["A,B"], min_date: undefined });
  });

  it("refuses a repeated single, optional or flag argument with the node's message", () => {
    const error = queryError(() => parseQueryString([recurse], "recurse&recurse=no"));
    expect(error.problem).toBe("duplicate");
    expect(error.message).toBe("Duplicate argument 'recurse' in query string.");
    expect(queryError(() => parseQueryString(blocksQuery, "length=1&length=1")).problem).toBe("duplicate");
    expect(queryError(() => parseQueryString([async], "async&async")).problem).toBe("duplicate");
  });

  it("refuses values that do not parse, naming the argument and the value", () => {
    const error = queryError(() => parseQueryString([recurse], "recurse=maybe"));
    expect(error.problem).toBe("bad-value");
    expect(error.message).toBe(`Failed to parse argument 'recurse' ("maybe"): expected a boolean (true, t, yes, y, false, f, no, n)`);
    expect(queryError(() => parseQueryString(blocksQuery, "length=-1")).message).toContain("unsigned integer");
    expect(queryError(() => parseQueryString(blocksQuery, "length=1.5")).problem).toBe("bad-value");
    expect(queryError(() => parseQueryString(blocksQuery, "length=")).problem).toBe("bad-value");
    expect(queryError(() => parseQueryString(blocksQuery, "length=99999999999999999999")).message).toContain("out of range");
    expect(queryError(() => parseQueryString(blocksQuery, "head=%E0%A4%A")).problem).toBe("bad-encoding");
  });

  it("round-trips what it builds", () => {
    const args = { length: 7, head: ["BLa", "B&=?/%+"], min_date: "é" };
    expect(parseQueryString(blocksQuery, buildQueryString(blocksQuery, args))).toEqual(args);
  });

  it("has the node's boolean words", () => {
    for (const word of ["", "true", "T", "yes", "Y"]) expect(parseBooleanArgument(word)).toBe(true);
    for (const word of ["false", "F", "No", "n"]) expect(parseBooleanArgument(word)).toBe(false);
    expect(parseBooleanArgument("1")).toBeUndefined();
  });
});

describe("paths", () => {
  it("percent-encodes path arguments so that /, ?, # and % stay inside their segment", () => {
    expect(buildPath(getChainsBlocksRoute.path, { chain_id: "main" })).toBe("/chains/main/blocks");
    expect(buildPath(getChainsBlocksRoute.path, { chain_id: "a/b?c#d%e" })).toBe("/chains/a%2Fb%3Fc%23d%25e/blocks");
    expect(splitPath("/chains/a%2Fb%3Fc%23d%25e/blocks")).toEqual(["chains", "a/b?c#d%e", "blocks"]);
    expect(encodePathSegment("head~1")).toBe("head~1");
    expect(decodePathSegment("head%2B1")).toBe("head+1");
  });

  it("writes a rest-of-path argument as several segments, each encoded", () => {
    const route: readonly RouteSegmentDescriptor[] = getDescribeByStringRoute.path;
    expect(buildPath(route, { string: ["chains", "main", "x/y"] })).toBe("/describe/chains/main/x%2Fy");
    expect(buildPath(route, { string: [] })).toBe("/describe");
    expect(matchPath(route, splitPath("/describe/chains/main/x%2Fy"))).toEqual({ string: ["chains", "main", "x/y"] });
    expect(matchPath(route, splitPath("/describe"))).toEqual({ string: [] });
  });

  it("splits like the node: empty segments dropped", () => {
    expect(splitPath("//chains///main/blocks/")).toEqual(["chains", "main", "blocks"]);
    expect(matchPath(getChainsBlocksRoute.path, splitPath("//chains/main//blocks/"))).toEqual({ chain_id: "main" });
    expect(matchPath(getChainsBlocksRoute.path, splitPath("/chains/main"))).toBeUndefined();
    expect(matchPath(getChainsBlocksRoute.path, splitPath("/chains/main/blocks/head"))).toBeUndefined();
    expect(matchPath(getChainsBlocksRoute.path, splitPath("/chain/main/blocks"))).toBeUndefined();
  });

  it("names missing, empty and badly encoded arguments", () => {
    const fail = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(PathError);
        return (error as PathError).problem;
      }
      return "no error";
    };
    expect(fail(() => buildPath(getChainsBlocksRoute.path, {}))).toBe("missing-argument");
    expect(fail(() => buildPath(getChainsBlocksRoute.path, { chain_id: "" }))).toBe("empty-argument");
    expect(fail(() => buildPath(getChainsBlocksRoute.path, { chain_id: ".." }))).toBe("dot-segment");
    expect(fail(() => buildPath(getChainsBlocksRoute.path, { chain_id: "." }))).toBe("dot-segment");
    // Other dotted values are ordinary segments.
    expect(buildPath(getChainsBlocksRoute.path, { chain_id: "..." })).toBe("/chains/.../blocks");
    expect(fail(() => buildPath(getChainsBlocksRoute.path, { chain_id: ["a", "b"] }))).toBe("missing-argument");
    expect(fail(() => splitPath("/chains/%zz"))).toBe("bad-encoding");
  });
});
