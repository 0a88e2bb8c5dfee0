/**
 * The next protocol's files go through unchanged (issue 20): every Base58Check type that
 * Ushuaia's OpenAPI documents (Octez 25.1, protocol 025, facts in `test/fixtures/octez-openapi/`)
 * name is in the known-encodings table, among them `Signature.V3` and the key types that now
 * accept ML-DSA-44, so no body stops on an unknown Base58Check type.
 */
import { describe, expect, it } from "vitest";
import { knownByJsonName } from "../../../generator/reconcile/known-encodings.ts";
import { OCTEZ_OPENAPI, readOctezOpenApi } from "../../support/octez-openapi.ts";

interface Document {
  components: { schemas: Record<string, { title?: string }> };
}

/** The component names of a document whose title says they hold a Base58Check string. */
function base58Components(name: string): string[] {
  const { schemas } = readOctezOpenApi<Document>(name).components;
  return Object.keys(schemas).filter((component) => /\(Base58Check-encoded\)/.test(schemas[component]!.title ?? ""));
}

describe("Ushuaia's Base58Check types", () => {
  it.each([OCTEZ_OPENAPI.ushuaia, OCTEZ_OPENAPI.ushuaiaMempool])("are all known: %s", (file) => {
    const names = base58Components(file);
    expect(names.length).toBeGreaterThan(15);
    expect(names.filter((name) => knownByJsonName(name) === undefined)).toEqual([]);
  });

  it("read the V3 key types as the key codecs that accept ML-DSA-44", () => {
    const titles = readOctezOpenApi<Document>(OCTEZ_OPENAPI.ushuaia).components.schemas;
    expect(titles["Signature.V3"]?.title).toMatch(/Mldsa44 signature/);
    expect(titles["Signature.Public_key_hash"]?.title).toMatch(/Mldsa44 public key hash/);
    expect(knownByJsonName("Signature.V3")?.id).toBe("signature");
    expect(knownByJsonName("Signature.Public_key_hash")?.id).toBe("public_key_hash");
    expect(knownByJsonName("Signature.Public_key")?.id).toBe("public_key");
    expect(knownByJsonName("Signature.V3.Public_key_hash")?.id).toBe("public_key_hash");
  });
});
