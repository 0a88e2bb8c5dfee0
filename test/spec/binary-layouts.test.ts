/**
 * Binary layouts of the records of the spec's Resources section, checked against bytes written
 * by hand, by walking them with the snapshot's own binary schemas (test-local walker), plus
 * structural checks where a full byte image would be too long (the node configuration). Every
 * byte image of a route's body is also read by the generated decoder of that route (all of it)
 * and written back by its generated encoder to the same bytes.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as E from "../../spec/combinators/index.ts";
import * as T from "../../spec/services/types.ts";
import { treeRoutes } from "./conformance.ts";
import { hexBytes, walk as walkSchema } from "./walker.ts";
import { routeTable } from "../../generated/shell/routes.ts";
import { routeTable as legacyRouteTable } from "../../generated/shell-legacy/routes.ts";
import { binaryCodecs } from "../../generated/shell/binary.ts";
import { binaryCodecs as legacyBinaryCodecs } from "../../generated/shell-legacy/binary.ts";
import { BinaryReader, BinaryWriter, bytesToHex } from "../../runtime/index.ts";
import { itWithReference, readReference } from "../support/reference.ts";

type J = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const tree = JSON.parse(readFileSync(new URL("../../spec/snapshots/shell.json", import.meta.url), "utf8"));
const legacyTree = JSON.parse(readFileSync(new URL("../../spec/snapshots/shell-legacy.json", import.meta.url), "utf8"));
const routes = treeRoutes(tree);
function service(method: string, path: string, t: J = tree): J {
  const r = (t === tree ? routes : treeRoutes(t)).find((x) => x.method === method && x.path === path);
  if (!r) throw new Error(`no ${method} ${path}`);
  return r.service;
}
/** The route body each schema handed out by {@link out} and {@link inp} belongs to. */
const bodyOf = new WeakMap<object, { method: string; path: string; slot: "input" | "output"; legacy: boolean }>();
function remember(schema: J, method: string, path: string, slot: "input" | "output", t?: J): J {
  bodyOf.set(schema, { method, path, slot, legacy: t === legacyTree });
  return schema;
}
const out = (method: string, path: string, t?: J) => remember(service(method, path, t).output.binary_schema, method, path, "output", t);
const inp = (method: string, path: string) => remember(service(method, path).input.binary_schema, method, path, "input");

/**
 * Walks `bytes` with `schema`; when the schema is a route body's, the route's generated decoder
 * must read all of `bytes` and (when `reencodes`) its generated encoder write the value back to
 * the same bytes.
 */
function walk(schema: J, bytes: Uint8Array, reencodes = true): J {
  const walked = walkSchema(schema, bytes);
  const body = bodyOf.get(schema);
  if (body !== undefined) {
    const table = body.legacy ? legacyRouteTable : routeTable;
    const route = table.find((r) => r.method === body.method && `/${r.path.map((p) => (p.kind === "static" ? p.name : `{${p.name}}`)).join("/")}` === body.path);
    const codec = route === undefined ? undefined : (body.legacy ? legacyBinaryCodecs : binaryCodecs)[route.operation]?.[body.slot];
    if (codec?.decode === undefined || codec.encode === undefined) throw new Error(`no generated binary ${body.slot} for ${body.method} ${body.path}`);
    const r = new BinaryReader(bytes);
    const decoded = codec.decode(r);
    r.expectEnd();
    if (reencodes) {
      const w = new BinaryWriter();
      codec.encode(w, decoded as never);
      expect(bytesToHex(w.finish()), `${body.method} ${body.path} ${body.slot} through the generated codecs`).toBe(bytesToHex(bytes));
    }
  }
  return walked;
}

/** 32 bytes of one repeated byte, as hex (for hand-written byte images and expected values). */
const h32 = (b: string) => b.repeat(32);
const B32 = h32;

describe("primitive layouts", () => {
  it("hashes are raw fixed bytes: 32 for blocks, 4 for chain ids, 16 for peer ids", () => {
    expect(walk(out("GET", "/chains/{chain_id}/chain_id"), hexBytes("7a06a770"))).toEqual({ Chain_id: "7a06a770" });
    expect(walk(out("GET", "/network/self"), hexBytes("00".repeat(16)))).toEqual({ "Crypto_box.Public_key_hash": "00".repeat(16) });
    expect(walk(out("GET", "/monitor/protocols"), hexBytes(h32("ab")))).toEqual({ Protocol_hash: B32("ab") });
    expect(out("GET", "/chains/{chain_id}/chain_id").toplevel.fields).toEqual([
      { name: "Chain_id", layout: { kind: "Bytes" }, data_kind: { size: 4, kind: "Fixed" }, kind: "named" },
    ]);
  });

  it("a unistring is a 4-byte length then the bytes", () => {
    expect(walk(out("GET", "/monitor/commit_hash"), hexBytes("00000003 616263"))).toBe("abc");
  });

  it("the generic error is a 4-byte length and a string (BSON)", () => {
    const e = service("GET", "/version").error;
    expect(e.binary_schema).toEqual({
      toplevel: {
        fields: [
          { kind: "dyn", num_fields: 1, size: "Uint30" },
          { layout: { kind: "String" }, kind: "anon", data_kind: { kind: "Variable" } },
        ],
      },
      fields: [],
    });
    expect(Object.keys(e.json_schema)).toEqual(["$schema", "description"]);
  });
});

describe("block_header", () => {
  const header = hexBytes(
    "00000001", // level
    "02", // proto
    h32("11"), // predecessor
    "000000005b37aac4", // timestamp 2018-06-30T16:07:32Z
    "04", // validation_pass
    h32("22"), // operations_hash
    "00000011", "00000001 01", "00000008 000000000000000a", // fitness ["01", "000000000000000a"]
    h32("33"), // context
    "abcd", // protocol_data, to the end of the frame
  );

  it("walks a hand-written header: shell fields, fitness list, protocol data to the end", () => {
    expect(header.length).toBe(4 + 1 + 32 + 8 + 1 + 32 + (4 + 17) + 32 + 2);
    expect(walk(E.binarySchema(T.blockHeader), header)).toEqual({
      level: 1,
      proto: 2,
      predecessor: B32("11"),
      timestamp: "1530374852",
      validation_pass: 4,
      operations_hash: B32("22"),
      fitness: ["01", "000000000000000a"],
      context: B32("33"),
      protocol_data: "abcd",
    });
  });

  it("has the field order, kinds and sizes of the spec", () => {
    const s = E.binarySchema(T.blockHeader) as J;
    expect(s.toplevel.fields.map((f: J) => [f.kind, f.name ?? null, f.data_kind?.size ?? f.data_kind?.kind ?? f.size])).toEqual([
      ["named", "level", 4],
      ["named", "proto", 1],
      ["named", "predecessor", 32],
      ["named", "timestamp", 8],
      ["named", "validation_pass", 1],
      ["named", "operations_hash", 32],
      ["dyn", "fitness", "Uint30"],
      ["named", "fitness", "Variable"],
      ["named", "context", 32],
      ["named", "protocol_data", "Variable"],
    ]);
    expect(s.fields.map((f: J) => f.description.title)).toEqual(["fitness.elem"]);
  });

  it("is length-prefixed inside the checkpoint record, followed by savepoint, caboose and history mode", () => {
    const bytes = hexBytes("00000085", Buffer.from(header).toString("hex"), "00000005", "00000002", "00");
    expect(header.length).toBe(0x85);
    const v = walk(out("GET", "/chains/{chain_id}/checkpoint"), bytes);
    expect(v.block.protocol_data).toBe("abcd");
    expect([v.savepoint, v.caboose, v.history_mode]).toEqual([5, 2, { case: "archive", tag: 0, value: {} }]);
  });
});

describe("operation", () => {
  it("is a 4-byte count over branch and data inside lists", () => {
    const op = (data: string) => "00000" + (32 + data.length / 2).toString(16).padStart(3, "0") + h32("44") + data;
    const list = (inner: string) => (inner.length / 2).toString(16).padStart(8, "0") + inner;
    // monitored blocks: a list of lists of length-prefixed operations.
    const header = "00000001 02" + h32("11") + "000000005b37aac4 04" + h32("22") + "00000000" + h32("33");
    const hlen = (header.replace(/\s/g, "").length / 2).toString(16).padStart(8, "0");
    const monitored = walk(out("GET", "/monitor/applied_blocks"), hexBytes("7a06a770", h32("01"), hlen, header, list(list(op("0102")) + list(""))));
    expect(monitored.operations).toEqual([[{ branch: B32("44"), data: "0102" }], []]);
    // injection/block input: data (length-prefixed), then a list of lists of operations in
    // which each inner list has a second length prefix.
    const inner = list(op("0102"));
    const bytes = hexBytes("00000002 beef", list(list(inner) + list(list(""))));
    expect(walk(inp("POST", "/injection/block"), bytes)).toEqual({
      data: "beef",
      operations: [[{ branch: B32("44"), data: "0102" }], []],
    });
  });
});

describe("history_mode", () => {
  const s = out("GET", "/config/history_mode");
  const cases: [string, unknown][] = [
    ["00", { case: "archive", tag: 0, value: {} }],
    ["01 0001", { case: "full", tag: 1, value: { full: 1 } }],
    ["02 0005", { case: "rolling", tag: 2, value: { rolling: 5 } }],
    ["03", { case: "full_alias", tag: 3, value: {} }],
    ["04", { case: "rolling_alias", tag: 4, value: {} }],
  ];
  for (const [bytes, value] of cases)
    it(`${bytes} is ${(value as J).case}`, () => expect(walk(s, hexBytes(bytes))).toEqual({ history_mode: value }));

  it("additional_cycles is a uint16 in [0,1000]", () => {
    const def = s.fields.find((f: J) => f.description.title === "history_mode").encoding;
    expect(def.cases[1].fields[1]).toEqual({
      name: "full",
      layout: { min: 0, max: 1000, kind: "RangedInt" },
      data_kind: { size: 2, kind: "Fixed" },
      kind: "named",
    });
  });

  it("is a three-value enumeration in the earlier layout (0 archive, 1 full, 2 rolling)", () => {
    const s = out("GET", "/chains/{chain_id}/checkpoint", legacyTree);
    const header = "00000001 02" + h32("11") + "000000005b37aac4 04" + h32("22") + "00000000" + h32("33");
    const len = (header.replace(/\s/g, "").length / 2).toString(16).padStart(8, "0");
    for (const [b, mode] of [["00", "archive"], ["01", "full"], ["02", "rolling"]] as const) {
      const v = walk(s, hexBytes(len, header, "00000005 00000002", b));
      expect([v.save_point, v.caboose, v.history_mode]).toEqual([5, 2, mode]);
    }
    const def = s.fields.find((f: J) => f.description.title === "history_mode").encoding;
    expect(def).toEqual({ size: "Uint8", cases: [[0, "archive"], [1, "full"], [2, "rolling"]] });
  });
});

describe("chain_status and bootstrap status", () => {
  const s = out("GET", "/chains/{chain_id}/is_bootstrapped");
  it("encodes synced 0, unsynced 1, stuck 2 after a boolean", () => {
    expect(walk(s, hexBytes("ff 00"))).toEqual({ bootstrapped: true, sync_state: "synced" });
    expect(walk(s, hexBytes("00 01"))).toEqual({ bootstrapped: false, sync_state: "unsynced" });
    expect(walk(s, hexBytes("ff 02"))).toEqual({ bootstrapped: true, sync_state: "stuck" });
  });
});

describe("other records", () => {
  it("level records: 32-byte hash and int32 level", () => {
    expect(walk(out("GET", "/chains/{chain_id}/levels/caboose"), hexBytes(h32("aa"), "fffffffe"))).toEqual({
      block_hash: B32("aa"),
      level: -2,
    });
  });

  it("invalid block: 32 + 4 bytes, then the length-prefixed errors (a BSON document)", () => {
    // The errors are an empty BSON document (5 bytes), which the walker reads as text.
    expect(walk(out("GET", "/chains/{chain_id}/invalid_blocks/{block_hash}"), hexBytes(h32("01"), "0000000a", "00000005 0500000000"))).toEqual({
      block: B32("01"),
      level: 10,
      errors: "\u0005\u0000\u0000\u0000\u0000",
    });
  });

  it("active chains: Main (tag 0), Test (tag 1), Stopping (tag 2)", () => {
    const main = "00 7a06a770";
    const test = "01 01020304" + h32("55") + "000000005e9dcbaf";
    const stop = "02 0a0b0c0d";
    const all = main + test + stop;
    const bytes = hexBytes((all.replace(/\s/g, "").length / 2).toString(16).padStart(8, "0"), all);
    expect(walk(out("GET", "/monitor/active_chains"), bytes)).toEqual([
      { case: "Main", tag: 0, value: { chain_id: "7a06a770" } },
      { case: "Test", tag: 1, value: { chain_id: "01020304", test_protocol: B32("55"), expiration_date: "1587399599" } },
      { case: "Stopping", tag: 2, value: { stopping: "0a0b0c0d" } },
    ]);
  });

  it("user activated upgrades: 4 + 32 bytes each, in a length-prefixed list", () => {
    expect(walk(out("GET", "/config/network/user_activated_upgrades"), hexBytes("00000024", "00006db2", h32("66")))).toEqual([
      { level: 28082, replacement_protocol: B32("66") },
    ]);
  });

  it("user activated protocol overrides: 32 + 32 bytes each", () => {
    expect(walk(out("GET", "/config/network/user_activated_protocol_overrides"), hexBytes("00000040", h32("77"), h32("88")))).toEqual([
      { replaced_protocol: B32("77"), replacement_protocol: B32("88") },
    ]);
  });

  it("protocol injection body: uint16 environment version, then components with an optional interface", () => {
    const comp = (withInterface: boolean) =>
      "00000001 61" + (withInterface ? "ff 00000001 69" : "00") + "00000002 6d6c";
    const inner = comp(true) + comp(false);
    const bytes = hexBytes("0001", (inner.replace(/\s/g, "").length / 2).toString(16).padStart(8, "0"), inner);
    expect(walk(inp("POST", "/injection/protocol"), bytes)).toEqual({
      expected_env_version: 1,
      components: [
        { name: "a", interface: "i", implementation: "ml" },
        { name: "a", implementation: "ml" },
      ],
    });
  });

  it("logging configuration: tag 0 active_sinks or tag 1 activate, each a list (with a default, so always written)", () => {
    const s = inp("PUT", "/config/logging");
    expect(walk(s, hexBytes("00 00000009 00000005 66696c653a"))).toEqual({
      case: "Active-Sinks",
      tag: 0,
      value: { active_sinks: ["file:"] },
    });
    // An empty list takes no bytes and reads back as `{}` (as a node's JSON leaves out a field
    // holding its default), which fits both cases: it cannot be written back.
    expect(walk(s, hexBytes("01 00000000"), false)).toEqual({ case: "Active-Sinks-Deprecated", tag: 1, value: { activate: [] } });
  });

  it("DAL configuration: two booleans and a list of strings", () => {
    expect(walk(out("GET", "/config/network/dal"), hexBytes("ff 00 00000000"))).toEqual({
      activated: true,
      use_mock_srs_for_testing: false,
      bootstrap_peers: [],
    });
  });

  it("health: one boolean", () => expect(walk(out("GET", "/health/ready"), hexBytes("ff"))).toEqual({ ready: true }));
});

describe("node configuration record", () => {
  const s = out("GET", "/config");
  const defs = new Map<string, J>(s.fields.map((f: J) => [f.description.title, f.encoding]));
  const shape = (fields: J[]) => fields.map((f: J) => (f.kind === "option_indicator" ? `?${f.name}` : f.kind === "dyn" ? "#" : f.name ?? "_"));
  const obj = (name: string, fields: J[] = s.toplevel.fields) => {
    const f = fields.find((x: J) => x.name === name);
    return defs.get(f.layout.name).fields;
  };

  it("top level: only internal-events has a presence flag", () => {
    expect(shape(s.toplevel.fields)).toEqual([
      "#", "data-dir", "disable-config-validation", "rpc", "p2p", "log", "?internal-events", "internal-events", "shell", "network", "#", "metrics_addr",
    ]);
  });

  it("rpc: listen-addrs, external-listen-addrs, listen-addr, crt and key are presence-flagged", () => {
    expect(shape(obj("rpc"))).toEqual([
      "?listen-addrs", "listen-addrs", "?external-listen-addrs", "external-listen-addrs", "?listen-addr", "listen-addr",
      "#", "cors-origin", "#", "cors-headers", "?crt", "crt", "?key", "key", "#", "acl", "media-type", "max_active_rpc_connections",
    ]);
    const media = obj("rpc").find((f: J) => f.name === "media-type");
    expect(defs.get(media.layout.reference ?? media.layout.name)).toEqual({ size: "Uint8", cases: [[0, "json"], [1, "binary"], [2, "any"]] });
  });

  it("p2p and limits: presence flags where the spec says so", () => {
    const p2p = obj("p2p");
    expect(shape(p2p)).toEqual([
      "expected-proof-of-work", "?bootstrap-peers", "bootstrap-peers", "?listen-addr", "listen-addr", "?advertised-net-port", "advertised-net-port",
      "discovery-addr", "private-mode", "limits", "disable_mempool", "enable_testchain", "greylisting_config", "disable_peer_discovery",
    ]);
    expect(shape(obj("limits", p2p)).filter((n: string) => n.startsWith("?"))).toEqual([
      "?max-download-speed", "?max-upload-speed", "?binary-chunks-size", "?read-queue-size", "?write-queue-size",
      "?incoming-app-message-queue-size", "?incoming-message-queue-size", "?outgoing-message-queue-size", "?max_known_points", "?max_known_peer_ids",
    ]);
  });

  it("network: sandbox 1, mainnet 4, ghostnet 19, custom 0", () => {
    const net = s.toplevel.fields.find((f: J) => f.name === "network");
    const u = defs.get(net.layout.name);
    expect(u.cases.map((c: J) => [c.tag, c.name])).toEqual([[0, "Custom"], [1, "sandbox"], [4, "mainnet"], [19, "ghostnet"]]);
    const genesis = u.cases[0].fields[1];
    expect(genesis.data_kind).toEqual({ size: 72, kind: "Fixed" });
  });

  it("shell, log and the custom network: presence flags only on optional fields", () => {
    expect(shape(obj("shell"))).toEqual(["peer_validator", "block_validator", "prevalidator", "chain_validator", "?history_mode", "history_mode"]);
    expect(shape(obj("log"))).toEqual(["#", "output", "level", "colors", "?rules", "rules"]);
    const net = s.toplevel.fields.find((f: J) => f.name === "network");
    const custom = defs.get(net.layout.name).cases.find((c: J) => c.name === "Custom");
    expect(shape(custom.fields)).toEqual([
      "Tag", "genesis", "?genesis_parameters", "genesis_parameters", "#", "chain_name", "?old_chain_name", "old_chain_name",
      "?incompatible_chain_name", "incompatible_chain_name", "#", "sandboxed_chain_name", "#", "user_activated_upgrades",
      "#", "user_activated_protocol_overrides", "#", "default_bootstrap_peers", "dal_config",
    ]);
  });

  it("log level: 0 debug … 5 fatal", () => {
    const level = obj("log").find((f: J) => f.name === "level");
    expect(defs.get(level.layout.reference).cases.map((c: J) => c[1])).toEqual(["debug", "info", "notice", "warning", "error", "fatal"]);
  });
});

describe("real shell vectors (codec-vectors-shell.json)", () => {
  itWithReference("codec-vectors-shell.json")("network_version decodes field by field", () => {
    const v = readReference<{ vectors: J[] }>("codec-vectors-shell.json").vectors;
    const nv = v.find((x) => x.encoding === "network_version");
    expect(walk(E.binarySchema(T.networkVersion), hexBytes(nv.hex))).toEqual(nv.decoded_json);
  });

  itWithReference("codec-vectors-shell.json")("the 114-byte shell header walks with sizes adding up to 114", () => {
    const v = readReference<{ vectors: J[] }>("codec-vectors-shell.json").vectors;
    const hv = v.find((x) => x.encoding.startsWith("block_header.shell"));
    const bytes = hexBytes(hv.hex);
    expect(bytes.length).toBe(114);
    const s = E.binarySchema(T.blockHeaderShell) as J;
    const sizes = s.toplevel.fields.map((f: J) => (f.kind === "dyn" ? 4 : f.data_kind.kind === "Fixed" ? f.data_kind.size : 0));
    expect(sizes.reduce((a: number, b: number) => a + b, 0)).toBe(114); // the fitness list is empty here
    const d = hv.decoded_by_hand;
    expect(walk(s, bytes)).toEqual({
      level: d.level,
      proto: d.proto,
      predecessor: d.predecessor_hex,
      timestamp: String(d.timestamp_seconds),
      validation_pass: d.validation_pass,
      operations_hash: d.operations_hash_hex,
      fitness: [],
      context: d.context_hex,
    });
  });
});
