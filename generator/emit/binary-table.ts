/**
 * The binary table of a generated interface (`binary.ts`): for every service, the binary codecs
 * of its bodies that have a binary form, by operation name. Kept out of the route descriptors so
 * that an application speaking only JSON bundles no binary codec (nor Base58 or SHA-256, which
 * they use); a client or server that speaks `application/octet-stream` is given this table
 * (`binaryBodies(binaryCodecs)` in the runtime).
 */

import type { BodyCodec, CodecModel } from "../reconcile/codec-model.ts";
import { codecFunctionNames, compareStrings, propertyKey, type InterfaceNames } from "./names.ts";
import { importLine, RUNTIME_MODULE, siblingModule } from "./modules.ts";

/** The binary table file (without header). */
export function emitBinaryTable(model: CodecModel, names: InterfaceNames): string {
  const codecs = new Set<string>();
  const entries: string[] = [];
  model.services.forEach((entry, i) => {
    const service = names.services[i]!;
    const parts: string[] = [];
    const part = (key: string, body: BodyCodec | undefined, typeName: string | undefined): void => {
      if (!body || typeName === undefined || body.jsonOnly !== undefined) return;
      const { decode, encode } = codecFunctionNames(typeName);
      codecs.add(decode);
      codecs.add(encode);
      parts.push(`${key}: { decode: ${decode}, encode: ${encode} }`);
    };
    part("input", entry.input, service.input);
    part("output", entry.output, service.output);
    part("error", entry.error, service.error);
    if (parts.length > 0) entries.push(`${propertyKey(service.operation)}: { ${parts.join(", ")} }`);
  });
  const imports = [importLine(["BinaryCodecTable"], RUNTIME_MODULE, true), importLine([...codecs].sort(compareStrings), siblingModule("codecs"), false)];
  const doc = "/** Binary codecs of the routes' bodies by operation name; give them to a client or server that speaks `application/octet-stream` (`binaryBodies(binaryCodecs)`). */\n";
  return `${imports.join("")}\n${doc}export const binaryCodecs: BinaryCodecTable = {\n${entries.join(",\n")}\n};\n`;
}
