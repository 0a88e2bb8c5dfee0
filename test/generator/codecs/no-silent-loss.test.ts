/**
 * The reproducers of issue 13, through the committed shell codecs (reached by their route
 * descriptors and the binary table) and the IR interpreter alike: a union case is chosen from the value's whole
 * shape, a property the schema lacks is refused by name, a defaulted field left out takes the
 * default the snapshot states (or is named when none is known) and decoding leaves it out when it holds it, `null` given to a union is a typed error, and a failure inside a length
 * header is reported under its field.
 */
import { describe, expect, it } from "vitest";
import { encodeError, encodeHex } from "./encoding.ts";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { routeTable } from "../../../generated/shell/routes.ts";
import { binaryCodecs } from "../../../generated/shell/binary.ts";
import { routeTable as legacyRoutes } from "../../../generated/shell-legacy/routes.ts";
import { binaryCodecs as legacyBinary } from "../../../generated/shell-legacy/binary.ts";
import { readDescribeTree } from "../../../generator/describe/read.ts";
import { buildCodecModel } from "../../../generator/reconcile/codec-model.ts";
import { Interpreter } from "../../../generator/ir/interpret.ts";
import { routeToString } from "../../../generator/model/describe-tree.ts";
import { BinaryReader, BinaryWriter, DecodeError, EncodeError, bytesToHex, hexToBytes, type Codec } from "../../../runtime/index.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const model = buildCodecModel(readDescribeTree(JSON.parse(readFileSync(root + "spec/snapshots/shell.json", "utf8"))));
const interpreter = new Interpreter(model.definitions);

type Slot = "input" | "output";

/** The committed codec and the interpreter's of one body, named as `METHOD /path slot`. */
function codecsOf(route: string, slot: Slot): Array<[string, Codec<unknown>]> {
  const [method, path] = route.split(" ");
  const descriptor = routeTable.find((r) => r.method === method && `/${r.path.map((s) => (s.kind === "static" ? s.name : `<${s.name}>`)).join("/")}` === path);
  const body = descriptor === undefined ? undefined : binaryCodecs[descriptor.operation]?.[slot];
  const entry = model.services.find((s) => `${s.service.method} ${routeToString(s.service.route)}` === route);
  const ir = entry?.[slot]?.codec;
  if (!body?.encode || !body.decode || ir === undefined) throw new Error(`no binary ${slot} for ${route}`);
  return [
    ["generated", { encode: body.encode, decode: body.decode }],
    ["interpreter", interpreter.codec(ir)],
  ];
}

const encode = encodeHex;

function roundTrip(codec: Codec<unknown>, value: unknown): unknown {
  const r = new BinaryReader(hexToBytes(encode(codec, value)));
  const decoded = codec.decode(r);
  r.expectEnd();
  return decoded;
}

describe.each(["generated", "interpreter"] as const)("%s codecs", (which) => {
  const pick = (route: string, slot: Slot) => codecsOf(route, slot).find(([name]) => name === which)![1];

  it("PUT /config/logging: the deprecated case keeps its list; {} is the first case, as Octez reads it", () => {
    const logging = pick("PUT /config/logging", "input");
    expect(encode(logging, { activate: ["x"] })).toBe("01000000050000000178");
    expect(roundTrip(logging, { activate: ["x"] })).toEqual({ activate: ["x"] });
    expect(roundTrip(logging, { active_sinks: ["a", "b"] })).toEqual({ active_sinks: ["a", "b"] });
    // `{}` fits both cases (each holds one list defaulting to `[]`) and holds nothing either could drop.
    expect(encode(logging, {})).toBe("0000000000");
    expect(roundTrip(logging, {})).toEqual({});
    const unknown = encodeError(logging, { activate: ["x"], deactivate: ["y"] });
    expect(unknown.message).toMatch(/"deactivate" that no case has/);
  });

  it("GET /monitor/active_chains: a test chain keeps its protocol and expiration date", () => {
    const chains = pick("GET /monitor/active_chains", "output");
    const value = [
      { chain_id: "NetXdQprcVkpaWU" },
      { chain_id: "NetXdQprcVkpaWU", test_protocol: "PsYLVpVvgbLhAhoqAkMFUo6gudkJ9weNXhUYCiLDzcUpFpkk8Wt", expiration_date: "2018-06-30T16:07:32Z" },
      { stopping: "NetXdQprcVkpaWU" },
    ];
    expect(roundTrip(chains, value)).toEqual(value);
  });

  it("GET /version: a property the schema does not have is refused by name", () => {
    const version = pick("GET /version", "output");
    const value = {
      version: { major: 24, minor: 4, additional_info: "release" },
      network_version: { chain_name: "TEZOS_MAINNET", distributed_db_version: 2, p2p_version: 1 },
      commit_info: { commit_hash: "0123abcd", commit_date: "2025-01-01 00:00:00 +0000" },
      build: "x",
    };
    const error = encodeError(version, value);
    expect(error.path).toBe("$.build");
    const { build: _build, ...known } = value;
    expect(roundTrip(version, known)).toEqual(known);
  });

  it("GET /config: {} encodes with the defaults the snapshot states; decoding leaves out the fields holding them, as Octez's JSON does", () => {
    const config = pick("GET /config", "output");
    const bytes = encode(config, {});
    // The data directory comes first, as a length-prefixed string.
    expect(bytes.slice(0, 8 + 34)).toBe("00000011" + Buffer.from("/root/.tezos-node").toString("hex"));
    // Every field (nested ones too) holds its default: the JSON answer is `{}`.
    expect(roundTrip(config, {})).toEqual({});
    // The defaults spelt out give the same bytes, and decode to `{}` as well: a stated default
    // (`chain_validator`'s) is compared in its decoded form, its own defaulted fields left out.
    const spelt = {
      "data-dir": "/root/.tezos-node",
      rpc: { "cors-origin": [], "cors-headers": [], acl: [], "media-type": "any", max_active_rpc_connections: 100 },
      log: { output: "stderr", level: "info", colors: true },
      shell: { chain_validator: { latency: 150, synchronisation_threshold: 4 } },
      network: "mainnet",
      metrics_addr: [],
    };
    expect(encode(config, spelt)).toBe(bytes);
    expect(roundTrip(config, spelt)).toEqual({});
    // A value other than the default is kept, and only it: its siblings still hold theirs.
    const custom = { p2p: { limits: { backlog: 7 } }, log: { level: "debug" }, shell: { chain_validator: { latency: 150, synchronisation_threshold: 0 } }, network: "sandbox" };
    expect(roundTrip(config, custom)).toEqual({ p2p: { limits: { backlog: 7 } }, log: { level: "debug" }, shell: { chain_validator: { synchronisation_threshold: 0 } }, network: "sandbox" });
    // The binary form decoded and written back: the same bytes.
    const r = new BinaryReader(hexToBytes(encode(config, custom)));
    const decoded = config.decode(r);
    expect(encode(config, decoded)).toBe(encode(config, custom));
  });

  it("a union given null or a non-object throws an EncodeError, never a TypeError", () => {
    for (const route of ["GET /network/log", "GET /monitor/active_chains", "GET /config/history_mode", "PUT /config/logging"]) {
      const slot: Slot = route.startsWith("PUT") ? "input" : "output";
      for (const value of [null, 3, "x", [null], [3]]) {
        expect(() => encode(pick(route, slot), value), `${route} ${JSON.stringify(value)}`).toThrow(EncodeError);
      }
    }
  });

  it("a failure inside a length header is reported under its field", () => {
    const header = pick("GET /monitor/heads/<chain_id>", "output");
    // level, proto, predecessor, timestamp, validation_pass, operations_hash, then a cut fitness length.
    const bytes = "00".repeat(4 + 1 + 32 + 8 + 1 + 32) + "0000";
    try {
      header.decode(new BinaryReader(hexToBytes("00".repeat(32) + bytes)));
      throw new Error("decoded");
    } catch (error) {
      expect(error).toBeInstanceOf(DecodeError);
      expect((error as DecodeError).path).toBe("$.fitness");
    }
  });
});

describe("a defaulted field whose default is not known", () => {
  const legacy = buildCodecModel(readDescribeTree(JSON.parse(readFileSync(root + "spec/snapshots/shell-legacy.json", "utf8"))));
  const ir = legacy.services.find((s) => `${s.service.method} ${routeToString(s.service.route)}` === "GET /config")!.output.codec;
  const descriptor = legacyRoutes.find((r) => r.operation === "getConfig")!;
  const generated = legacyBinary[descriptor.operation]!.output!;
  it.each([
    ["generated", { encode: generated.encode!, decode: generated.decode! }],
    ["interpreter", new Interpreter(legacy.definitions).codec(ir)],
  ] as Array<[string, Codec<unknown>]>)("is named when left out (%s, earlier layout: the 8.2 chain validator's default is not recorded, so neither is the shell limits')", (_which, codec) => {
    const error = encodeError(codec, { p2p: {} });
    expect(error.path).toBe("$.shell");
    expect(error.expected).toMatch(/JSON may omit it because it has a default/);
  });
});
