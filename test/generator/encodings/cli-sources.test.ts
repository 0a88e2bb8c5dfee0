/**
 * What `--spec` and `tezos-rpcgen encodings` accept as registered encodings: a folder of Kaitai
 * files (JSON schemas from the OpenAPI document beside it), an encodings dump file, and the
 * snapshot `encodings` writes; and the exit-code-2 errors for a folder without OpenAPI document
 * and a malformed dump.
 */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect } from "vitest";
import { loadSpec } from "../../../generator/cli/spec-source.ts";
import { runDecode } from "../../../generator/cli/commands/decode.ts";
import { runList } from "../../../generator/cli/commands/list.ts";
import { encodingsSnapshot } from "../../../generator/cli/commands/encodings.ts";
import { itWithReference, readReference, referenceDir } from "../../support/reference.ts";
import { temporaryDirectory } from "../emit/support.ts";
import { exitCodeOf } from "../cli/support.ts";

const KAITAI = referenceDir + "protocols/t024/kaitai";
const FILES = ["protocols/t024/kaitai", "protocols/t024/openapi.json", "protocols/t024/codec-vectors.json"];
const tmp = temporaryDirectory();
afterAll(() => tmp.cleanup());

const vector = () =>
  readReference<{ vectors: Array<{ name: string; hex: string; json: unknown }> }>("protocols/t024/codec-vectors.json").vectors.find((v) => v.name === "operation.unsigned-delegation")!;

describe("registered encodings as --spec", () => {
  itWithReference(FILES)("a Kaitai folder, and the snapshot `encodings` writes from it, decode by codec id", async () => {
    const { hex, json } = vector();
    const fromFolder = await loadSpec({ spec: KAITAI });
    expect(JSON.parse(await runDecode(["024-PtTALLiN.operation.unsigned", hex], {}, { spec: fromFolder }))).toEqual(json);
    expect(await runList("encodings", {}, { spec: fromFolder })).toMatch(/^Octez codec ids \(registered encodings\):\n {2}block_header /);

    const file = join(tmp.path, "t024-encodings.json");
    writeFileSync(file, JSON.stringify(encodingsSnapshot(KAITAI)));
    const fromSnapshot = await loadSpec({ spec: file });
    expect(JSON.parse(await runDecode(["024-PtTALLiN.operation.unsigned", hex], {}, { spec: fromSnapshot }))).toEqual(json);
  });

  itWithReference(FILES)("a dump file (a JSON array) is read as one; a malformed one and a Kaitai folder without OpenAPI document are exit code 2", async () => {
    const snapshot = encodingsSnapshot(KAITAI) as { encodings: unknown[] };
    const dump = join(tmp.path, "dump.json");
    writeFileSync(dump, JSON.stringify(snapshot.encodings));
    const { hex, json } = vector();
    expect(JSON.parse(await runDecode(["024-PtTALLiN.operation.unsigned", hex], { spec: dump }))).toEqual(json);

    const bad = join(tmp.path, "bad-dump.json");
    writeFileSync(bad, JSON.stringify([{ id: "x", json: {}, binary: { toplevel: {}, fields: [] } }]));
    const malformed = await exitCodeOf(() => loadSpec({ spec: bad }));
    expect(malformed.code).toBe(2);
    expect(malformed.message).toMatch(/^cannot read the interface: .*bad-dump\.json \[0\] x: malformed describe tree at \/0\/binary\/toplevel/);

    const alone = join(tmp.path, "deeper", "kaitai");
    mkdirSync(alone, { recursive: true });
    for (const name of readdirSync(KAITAI).slice(0, 3)) copyFileSync(join(KAITAI, name), join(alone, name));
    const orphan = await exitCodeOf(() => loadSpec({ spec: alone }));
    expect(orphan).toEqual({ code: 2, message: expect.stringMatching(/no OpenAPI document to take JSON schemas from/) as unknown as string });
  });
});
