/**
 * The inspection commands called in-process (the same functions the bin runs), against the
 * shell snapshot and the real mempool dumps: name resolution, hex input forms, --many, route
 * slots, expressions, list and describe output, and the exit code of each failure.
 */
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runDecode } from "../../../generator/cli/commands/decode.ts";
import { runEncode } from "../../../generator/cli/commands/encode.ts";
import { runList } from "../../../generator/cli/commands/list.ts";
import { runDescribe } from "../../../generator/cli/commands/describe.ts";
import { DEFAULT_SPEC, parsePrefix } from "../../../generator/cli/spec-source.ts";
import { splitEncodingArguments } from "../../../generator/cli/encoding-names.ts";
import { itWithReference, readReference } from "../../support/reference.ts";
import { exitCodeOf, GENESIS_HEADER_HEX, inspected, reference, shellSnapshot } from "./support.ts";

const spec = inspected(shellSnapshot);
const io = { spec };
const decode = async (args: string[], options: Parameters<typeof runDecode>[1] = {}) => JSON.parse(await runDecode(args, options, io)) as unknown;
const encode = async (args: string[], options: Parameters<typeof runEncode>[1] = {}) => (await runEncode(args, options, io)).trim();
const files = mkdtempSync(join(tmpdir(), "tezos-rpcgen-cli-"));

describe("the default snapshot", () => {
  it("is the shell snapshot of the package, whatever the working directory", () => {
    expect(DEFAULT_SPEC).toBe(shellSnapshot.replace(/\/+/g, "/"));
  });

  it("parses --prefix routes into static segments and path arguments", () => {
    expect(parsePrefix("/chains/<chain_id>/mempool")).toEqual(["chains", { kind: "arg", name: "chain_id", multiple: false }, "mempool"]);
    expect(parsePrefix("/describe/<path>*")).toEqual(["describe", { kind: "arg", name: "path", multiple: true }]);
  });
});

describe("named definitions of the shell snapshot", () => {
  it("block_header decodes the 114-byte genesis header and encodes it back", async () => {
    const header = (await decode(["block_header", GENESIS_HEADER_HEX])) as Record<string, unknown>;
    expect(header).toMatchObject({ level: 0, proto: 0, validation_pass: 0, timestamp: "2018-06-30T16:07:32Z", fitness: [], protocol_data: "" });
    expect(await encode(["block_header", JSON.stringify(header)])).toBe(GENESIS_HEADER_HEX);
  });

  it("known encodings inlined in the model resolve through their use sites: Chain_id, timestamp.protocol, Protocol_hash", async () => {
    expect(await encode(["Chain_id", '"NetXdQprcVkpaWU"'])).toBe("7a06a770");
    expect(await encode(["Chain_id", "NetXdQprcVkpaWU"])).toBe("7a06a770");
    expect(await decode(["Chain_id", "7a06a770"])).toBe("NetXdQprcVkpaWU");
    expect(await encode(["timestamp.protocol", '"2018-06-30T16:07:32Z"'])).toBe("000000005b37aac4");
    expect(await decode(["timestamp.protocol", "000000005b37aac4"])).toBe("2018-06-30T16:07:32Z");
    const protocol = "PtCJ7pwoxe8JasnHY8YonnLYjcVHmhiARPJvqcC6VfHT5s8k8sY";
    expect(await decode(["Protocol_hash", await encode(["Protocol_hash", protocol])])).toBe(protocol);
  });

  it("structured and scalar definitions: history_mode, network_version, p2p_version, unistring", async () => {
    expect(await encode(["history_mode", '"archive"'])).toBe("00");
    expect(await encode(["history_mode", '"rolling"'])).toBe("04");
    expect(await decode(["history_mode", "03"])).toBe("full");
    expect(await encode(["network_version", '{"chain_name":"main","distributed_db_version":1,"p2p_version":0}'])).toBe("000000046d61696e00010000");
    expect(await encode(["p2p_version", "1"])).toBe("0001");
    expect(await encode(["unistring", '"abc"'])).toBe("616263");
  });

  // The JSON of the `full` and `rolling` cases nests `{additional_cycles}` while the binary
  // schema lays the ranged integer out directly under `full`.
  it("history_mode's full and rolling cases carry {additional_cycles} as the node's JSON does", async () => {
    expect(await decode(["history_mode", "010005"])).toEqual({ full: { additional_cycles: 5 } });
    expect(await encode(["history_mode", '{"rolling":{"additional_cycles":7}}'])).toBe("020007");
  });

  it("a name published for two shapes means the one not behind a length header (Octez's operation: branch + data); describe names the other", async () => {
    const value = { branch: "BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2", data: "00ff" };
    const hex = await encode(["operation", JSON.stringify(value)]);
    expect(hex).toBe(`${(await encode(["block_hash", JSON.stringify(value.branch)]))}00ff`);
    expect(await decode(["operation", hex])).toEqual(value);
    expect(await runDescribe(["operation"], {}, io)).toMatch(/^Other variant: structure \(object, definition operation\).*GET \/monitor\/applied_blocks output/m);
  });

  it("an unknown name exits 2 and suggests close names", async () => {
    const failure = await exitCodeOf(() => runDecode(["chain_id", "00"], {}, io));
    expect(failure.code).toBe(2);
    expect(failure.message).toMatch(/no encoding named "chain_id".*did you mean Chain_id/);
  });

  it("a definition without a binary form of its own exits 2", async () => {
    const failure = await exitCodeOf(() => runDecode(["timestamp.rfc", "00"], {}, io));
    expect(failure).toMatchObject({ code: 2 });
    expect(failure.message).toMatch(/timestamp\.rfc has no binary form/);
  });
});

describe("hex and file input", () => {
  it("accepts upper and lower case, 0x and whitespace", async () => {
    for (const hex of ["7a06a770", "7A06A770", "0x7a06a770", "0X7A06A770", " 7a 06\na7\t70 "]) expect(await decode(["Chain_id", hex])).toBe("NetXdQprcVkpaWU");
  });

  it("rejects text that is not hex and an odd number of digits with exit code 1", async () => {
    expect(await exitCodeOf(() => runDecode(["Chain_id", "7a06a77g"], {}, io))).toMatchObject({ code: 1, message: expect.stringMatching(/not hex \(found "g"\)/) });
    expect(await exitCodeOf(() => runDecode(["Chain_id", "7a06a77"], {}, io))).toMatchObject({ code: 1, message: expect.stringMatching(/odd number of digits/) });
  });

  it("reads @FILE as hex text or, when it is not hex text, as raw bytes; --raw forces raw bytes", async () => {
    const hexFile = join(files, "chain.hex");
    writeFileSync(hexFile, "0x7A06A770\n");
    const binFile = join(files, "chain.bin");
    writeFileSync(binFile, Buffer.from("7a06a770", "hex"));
    expect(await decode(["Chain_id", `@${hexFile}`])).toBe("NetXdQprcVkpaWU");
    expect(await decode(["Chain_id", `@${binFile}`])).toBe("NetXdQprcVkpaWU");
    const forced = await exitCodeOf(() => runDecode(["Chain_id", `@${hexFile}`], { raw: true }, io));
    expect(forced.code).toBe(1);
    expect(forced.message).toMatch(/trailing byte/);
    expect(await exitCodeOf(() => runDecode(["Chain_id", `@${join(files, "missing")}`], {}, io))).toMatchObject({ code: 2 });
  });

  it("reads - from standard input, for decode and encode", async () => {
    const stdin = async () => new TextEncoder().encode("7a06a770\n");
    expect(JSON.parse(await runDecode(["Chain_id", "-"], {}, { spec, stdin }))).toBe("NetXdQprcVkpaWU");
    const json = async () => new TextEncoder().encode('"NetXdQprcVkpaWU"');
    expect((await runEncode(["Chain_id", "-"], {}, { spec, stdin: json })).trim()).toBe("7a06a770");
  });

  it("rejects JSON that is not JSON (exit 1) and values the encoding refuses (exit 1, with the path)", async () => {
    expect(await exitCodeOf(() => runEncode(["network_version", "{chain_name:"], {}, io))).toMatchObject({ code: 1, message: expect.stringMatching(/not JSON/) });
    const refused = await exitCodeOf(() => runEncode(["network_version", '{"chain_name":"main","distributed_db_version":"x","p2p_version":0}'], {}, io));
    expect(refused.code).toBe(1);
    expect(refused.message).toMatch(/encoding failed at \$\.distributed_db_version/);
  });

  it("requires exactly one value argument (exit 2)", async () => {
    expect(await exitCodeOf(() => runDecode(["Chain_id"], {}, io))).toMatchObject({ code: 2 });
    expect(await exitCodeOf(() => runDecode(["Chain_id", "00", "11"], {}, io))).toMatchObject({ code: 2 });
  });
});

describe("--many", () => {
  it("decodes three length-framed block headers (values that run to the end of their frame are framed) and encodes them back", async () => {
    const framed = `00000072${GENESIS_HEADER_HEX}`.repeat(3);
    const headers = (await decode(["block_header", framed], { many: true })) as Array<Record<string, unknown>>;
    expect(headers).toHaveLength(3);
    for (const header of headers) expect(header).toMatchObject({ level: 0, timestamp: "2018-06-30T16:07:32Z", fitness: [] });
    expect(await encode(["block_header", JSON.stringify(headers)], { many: true })).toBe(framed);
  });

  it("explains the framing when a bare concatenation of such values is given", async () => {
    const failure = await exitCodeOf(() => runDecode(["block_header", GENESIS_HEADER_HEX.repeat(3)], { many: true }, io));
    expect(failure.code).toBe(1);
    expect(failure.message).toMatch(/each must be preceded by its 4-byte length/);
  });

  it("decodes a bare concatenation of self-delimited values, or framed ones with --framed", async () => {
    expect(await decode(["Chain_id", "7a06a770".repeat(3)], { many: true })).toEqual(Array(3).fill("NetXdQprcVkpaWU"));
    expect(await decode(["Chain_id", "000000047a06a770".repeat(2)], { many: true, framed: true })).toEqual(Array(2).fill("NetXdQprcVkpaWU"));
    expect(await encode(["Chain_id", '["NetXdQprcVkpaWU","NetXdQprcVkpaWU"]'], { many: true })).toBe("7a06a770".repeat(2));
    expect(await decode(["Chain_id", ""], { many: true })).toEqual([]);
  });

  itWithReference(["describe-mempool-alpha-2022-06-09.json", "codec-vectors-alpha-2022-06-09.json"])("decodes a bare concatenation of three Alpha block headers", async () => {
    const alpha = { spec: inspected(reference("describe-mempool-alpha-2022-06-09.json")) };
    const vector = readReference<{ vectors: Array<{ encoding: string; hex: string; decoded_json: unknown }> }>("codec-vectors-alpha-2022-06-09.json").vectors.find((v) => v.encoding === "alpha.block_header")!;
    const decoded = JSON.parse(await runDecode(["alpha.block_header.alpha.full_header", vector.hex.repeat(3)], { many: true }, alpha)) as unknown[];
    expect(decoded).toEqual([vector.decoded_json, vector.decoded_json, vector.decoded_json]);
  });

  it("requires a JSON array to encode", async () => {
    expect(await exitCodeOf(() => runEncode(["Chain_id", '"NetXdQprcVkpaWU"'], { many: true }, io))).toMatchObject({ code: 1 });
  });
});

describe("route slots", () => {
  it("splits METHOD /path slot given as one, two or three arguments", () => {
    expect(splitEncodingArguments(["GET /chains/<chain_id>/checkpoint", "output", "00"])).toEqual({ encoding: "GET /chains/<chain_id>/checkpoint output", rest: ["00"] });
    expect(splitEncodingArguments(["GET", "/chains/<chain_id>/checkpoint", "error", "00"])).toEqual({ encoding: "GET /chains/<chain_id>/checkpoint error", rest: ["00"] });
    expect(splitEncodingArguments(["GET /chains/<chain_id>/checkpoint input", "00"])).toEqual({ encoding: "GET /chains/<chain_id>/checkpoint input", rest: ["00"] });
    expect(splitEncodingArguments(["block_header", "00"])).toEqual({ encoding: "block_header", rest: ["00"] });
  });

  it("round-trips a checkpoint answer through its output slot", async () => {
    const header = await decode(["block_header", GENESIS_HEADER_HEX]);
    const checkpoint = { block: header, savepoint: 0, caboose: 0, history_mode: "archive" };
    const hex = await encode(["GET /chains/<chain_id>/checkpoint", "output", JSON.stringify(checkpoint)]);
    expect(hex).toBe(`00000072${GENESIS_HEADER_HEX}${"00".repeat(8)}00`);
    expect(await decode(["GET /chains/<chain_id>/checkpoint", "output", hex])).toEqual(checkpoint);
  });

  it("accepts the form --help prints, quotes included, passed as one argument (no shell to take them off)", async () => {
    const printed = '"GET /chains/<chain_id>/checkpoint" output';
    expect(splitEncodingArguments([printed, "00"])).toEqual({ encoding: "GET /chains/<chain_id>/checkpoint output", rest: ["00"] });
    expect(splitEncodingArguments(["'GET /chains/<chain_id>/chain_id'", "00"])).toEqual({ encoding: "GET /chains/<chain_id>/chain_id", rest: ["00"] });
    expect(await decode(['"GET /chains/<chain_id>/chain_id" output', "7a06a770"])).toBe("NetXdQprcVkpaWU");
    expect(await encode(['"GET /chains/<chain_id>/chain_id" output', '"NetXdQprcVkpaWU"'])).toBe("7a06a770");
    expect(await runDescribe([printed], {}, io)).toBe(await runDescribe(["GET /chains/<chain_id>/checkpoint", "output"], {}, io));
    // A quoted definition name stays what the expression syntax makes of it.
    expect(splitEncodingArguments(['"timestamp.protocol"', "00"])).toEqual({ encoding: '"timestamp.protocol"', rest: ["00"] });
  });

  it("matches concrete paths and defaults to the output slot", async () => {
    expect(await decode(["GET /chains/main/chain_id", "7a06a770"])).toBe("NetXdQprcVkpaWU");
  });

  it("fails with exit code 2 on an unknown route, method or a missing input slot", async () => {
    expect(await exitCodeOf(() => runDecode(["GET /no/such/route", "00"], {}, io))).toMatchObject({ code: 2, message: expect.stringMatching(/no service GET \/no\/such\/route/) });
    expect(await exitCodeOf(() => runDecode(["POST /chains/<chain_id>/checkpoint", "00"], {}, io))).toMatchObject({ code: 2, message: expect.stringMatching(/that route has GET/) });
    expect(await exitCodeOf(() => runDecode(["GET /chains/<chain_id>/checkpoint input", "00"], {}, io))).toMatchObject({ code: 2, message: expect.stringMatching(/takes no input/) });
  });
});

describe("expressions", () => {
  it("builds objects and lists over names", async () => {
    expect(await decode(["{chain: Chain_id, at: timestamp.protocol}", "7a06a770000000005b37aac4"])).toEqual({ chain: "NetXdQprcVkpaWU", at: "2018-06-30T16:07:32Z" });
    expect(await decode(["[Chain_id]", "7a06a7707a06a770"])).toEqual(["NetXdQprcVkpaWU", "NetXdQprcVkpaWU"]);
    expect(await encode(["{data: bytes, n: uint8}", '{"data":"abcd","n":7}'])).toBe("abcd07");
  });

  it("selects fields and removes them", async () => {
    expect(await decode(["block_header:level", "00000005"])).toBe(5);
    const shellOnly = (await decode(["block_header - protocol_data", GENESIS_HEADER_HEX])) as Record<string, unknown>;
    expect(Object.keys(shellOnly)).not.toContain("protocol_data");
  });

  it("reports syntax and selection errors with exit code 2", async () => {
    expect(await exitCodeOf(() => runDecode(["{a: Chain_id", "00"], {}, io))).toMatchObject({ code: 2, message: expect.stringMatching(/expected "}"/) });
    expect(await exitCodeOf(() => runDecode(["block_header:nope", "00"], {}, io))).toMatchObject({ code: 2, message: expect.stringMatching(/one of the fields level, proto/) });
    expect(await exitCodeOf(() => runDecode(["history_mode:nope", "00"], {}, io))).toMatchObject({ code: 2, message: expect.stringMatching(/one of the cases archive, full/) });
    expect(await exitCodeOf(() => runDecode(["[nothing_named_so]", "00"], {}, io))).toMatchObject({ code: 2 });
  });
});

describe("encodings without a binary form", () => {
  itWithReference("describe-mempool-alpha-2022-06-09.json")("a JSON-only route slot exits 2 and says why", async () => {
    const dump = { spec: inspected(reference("describe-mempool-alpha-2022-06-09.json")) };
    const failure = await exitCodeOf(() => runDecode(["GET /pending_operations", "00"], {}, dump));
    expect(failure.code).toBe(2);
    expect(failure.message).toMatch(/GET \/pending_operations output has no binary form: no case of this union has a binary form/);
  });

  it("an expression no codec can lay out exits 2", async () => {
    const failure = await exitCodeOf(() => runDecode(["{a: [Chain_id], b: bytes}", "00"], {}, io));
    expect(failure.code).toBe(2);
    expect(failure.message).toMatch(/cannot build a codec for \{a: \[Chain_id\], b: bytes\}: .*followed by one of variable size/);
  });
});

describe("list", () => {
  it("routes: METHOD /path with streaming marks and the dynamic directories", async () => {
    const text = await runList("routes", {}, io);
    expect(text).toMatch(/^GET \/chains\/<chain_id>\/checkpoint$/m);
    expect(text).toMatch(/^GET \/monitor\/heads\/<chain_id> +streams$/m);
    expect(text).toMatch(/^GET \/network\/peers\/<peer_id>\/log +streams with \?monitor$/m);
    expect(text).toMatch(/^\/chains\/<chain_id>\/blocks\/<block_id>\/… +\(dynamic directory/m);
    const json = JSON.parse(await runList("routes", { json: true }, io)) as { routes: unknown[] };
    expect(json.routes).toHaveLength(spec.model.services.length);
  });

  itWithReference("describe-mempool-alpha-2022-06-09.json")("routes of a mempool dump: JSON-only outputs, and --prefix puts the routes where the dump was captured", async () => {
    const dump = reference("describe-mempool-alpha-2022-06-09.json");
    const bare = await runList("routes", {}, { spec: inspected(dump) });
    expect(bare).toMatch(/^GET \/pending_operations +output JSON only$/m);
    const rooted = await runList("routes", {}, { spec: inspected(dump, "/chains/<chain_id>/mempool") });
    expect(rooted).toMatch(/^GET \/chains\/<chain_id>\/mempool\/monitor_operations +streams$/m);
  });

  it("encodings: definition names as published with what each is, then the route slots", async () => {
    const text = await runList("encodings", {}, io);
    expect(text).toMatch(/^ {2}block_header +structure \(object, definition block_header\)/m);
    expect(text).toMatch(/^ {2}Chain_id +known encoding chain_id, 4 bytes$/m);
    expect(text).toMatch(/^ {2}timestamp\.protocol +known encoding timestamp_protocol, 8 bytes$/m);
    expect(text).toMatch(/^ {2}network_version +structure/m);
    expect(text).toMatch(/^ {2}"GET \/chains\/<chain_id>\/checkpoint" output +structure \(object\)/m);
    const json = JSON.parse(await runList("encodings", { json: true }, io)) as { definitions: Array<{ name: string }> };
    expect(json.definitions.map((d) => d.name)).toEqual(expect.arrayContaining(["block_header", "Chain_id", "history_mode", "operation"]));
  });

  it("anything else exits 2", async () => {
    expect(await exitCodeOf(() => runList("things", {}, io))).toMatchObject({ code: 2 });
  });
});

describe("describe", () => {
  it("a definition: what it is, where it is used, a layout table with sizes, the JSON schema", async () => {
    const text = await runDescribe(["block_header"], {}, io);
    expect(text).toMatch(/^What: structure \(object, definition block_header\), variable size/m);
    expect(text).toMatch(/^\| level +\| 4 bytes +\| signed 32-bit big-endian integer +\|$/m);
    expect(text).toMatch(/^\| # bytes in next field +\| 4 bytes +\|/m);
    expect(text).toMatch(/^\| protocol_data +\| Variable +\|/m);
    const schema = JSON.parse(text.slice(text.indexOf("JSON schema\n-----------\n") + 24)) as { $ref: string; definitions: Record<string, unknown> };
    expect(schema.$ref).toBe("#/definitions/block_header");
    expect(Object.keys(schema.definitions)).toEqual(expect.arrayContaining(["block_header", "fitness", "timestamp.protocol", "unistring"]));
  });

  it("a known encoding: one row with its size", async () => {
    const text = await runDescribe(["Chain_id"], {}, io);
    expect(text).toMatch(/^\| Unnamed field 0 \| 4 bytes \| chain_id \(Base58Check text in JSON\) \|$/m);
  });

  it("a route: method, path and query arguments with kinds, bodies, streaming, published layouts and schemas", async () => {
    const text = await runDescribe(["GET /chains/<chain_id>/blocks"], {}, io);
    expect(text).toMatch(/^Method: +GET$/m);
    expect(text).toMatch(/^ {2}<chain_id>: /m);
    expect(text).toMatch(/^ {2}length \(optional uint\)/m);
    expect(text).toMatch(/^ {2}head \(multi block_hash\)/m);
    expect(text).toMatch(/^Streaming: +no$/m);
    expect(text).toMatch(/^output: binary layout \(as published\)$/m);
    expect(text).toMatch(/^error: JSON schema$/m);
    expect(await runDescribe(["GET /monitor/heads/<chain_id>"], {}, io)).toMatch(/^Streaming: +streams$/m);
  });

  it("a route slot: the published layout table and JSON schema of that body", async () => {
    const text = await runDescribe(["GET /chains/<chain_id>/checkpoint", "output"], {}, io);
    expect(text).toMatch(/^\| block +\| Variable +\| \$block_header +\|$/m);
    expect(text).toMatch(/"history_mode"/);
  });
});
