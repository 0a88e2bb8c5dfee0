/** Shared helpers of the Micheline tests. */
import { readReference } from "../../../support/reference.ts";

export function fromHex(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex.replace(/\s+/g, ""), "hex"));
}

export function toHexString(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex");
}

/** The enum of the `<p>.michelson.v1.primitives` definition in a describe dump. */
export function primitivesEnumOf(dumpName: string): string[] {
  const found = new Set<string>();
  const stack: unknown[] = [readReference(dumpName)];
  let result: string[] | undefined;
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (typeof node === "object" && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key.endsWith("michelson.v1.primitives") && typeof value === "object" && value !== null && Array.isArray((value as { enum?: unknown }).enum)) {
          const names = (value as { enum: string[] }).enum;
          found.add(JSON.stringify([...names].sort()));
          result = names;
        } else stack.push(value);
      }
    }
  }
  if (result === undefined) throw new Error(`no michelson.v1.primitives enum in ${dumpName}`);
  if (found.size !== 1) throw new Error(`${found.size} different primitive enums in ${dumpName}`);
  return result;
}
