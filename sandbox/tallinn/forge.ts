/**
 * Forged T024 operations through the generated codecs of Octez's registered encodings
 * (`generated/tallinn/`: `024-PtTALLiN.operation` and `024-PtTALLiN.operation.unsigned`, from
 * Octez's Kaitai files), and the manager contents the sandbox applies (`reveal`,
 * `transaction`, `delegation`, typed by the generated content cases).
 *
 * One fact of Octez's operation encoding is not in any layout, and is kept here: a tz4 (BLS,
 * 96-byte) signature travels as a last `signature_prefix` content (tag 255, BLS tag 3, its
 * first 32 bytes) and 64 bytes at the end, while Octez's JSON shows the whole `BLsig…` and no
 * such content (the generated codec reads and writes the two parts as they are in binary).
 */
import { BASE58, BinaryReader, BinaryWriter, DecodeError, bytesToHex, encodeBase58Check, hexToBytes } from "@tezos-rpcgen/runtime";
import { decodePtTALLiN024Operation, encodeOperationUnsigned, encodePtTALLiN024Operation } from "../../generated/tallinn/codecs.ts";
import type { OperationUnsigned, PtTALLiN024Operation } from "../../generated/tallinn/types.ts";
import { signatureBytes } from "./keys.ts";

/** A content of `024-PtTALLiN.operation.unsigned`, any kind. */
type Content = OperationUnsigned["contents"][number];
export type RevealContent = Readonly<Extract<Content, { kind: "reveal" }>>;
export type TransactionContent = Readonly<Extract<Content, { kind: "transaction" }>>;
export type DelegationContent = Readonly<Extract<Content, { kind: "delegation" }>>;
/** A manager operation content the sandbox applies. */
export type ManagerContent = RevealContent | TransactionContent | DelegationContent;

/** An operation as `…/helpers/forge/operations` takes it. */
export interface UnsignedOperation {
  readonly branch: string;
  readonly contents: readonly ManagerContent[];
}
/** A signed operation, as `…/helpers/preapply/operations` and `parse/operations` show it. */
export interface SignedOperation extends UnsignedOperation {
  readonly signature: string;
}

const MANAGER_KINDS = new Set<string>(["reveal", "transaction", "delegation"]);
const SIGNATURE_LENGTH = 64;
/** A signature of 64 zero bytes. */
const ZERO_SIGNATURE = encodeBase58Check(BASE58.generic_signature, new Uint8Array(SIGNATURE_LENGTH));
/** The `signature_prefix` content: tag 255, BLS tag 3, 32 bytes. */
const SIGNATURE_PREFIX_LENGTH = 34;

/**
 * The forged form of an unsigned operation (what the signer signs, after the watermark): the
 * generated `024-PtTALLiN.operation.unsigned` encoder, for any content kind it has a layout for.
 */
export function forgeOperation(operation: { readonly branch: string; readonly contents: readonly unknown[] }): Uint8Array {
  const w = new BinaryWriter(256);
  encodeOperationUnsigned(w, operation as OperationUnsigned);
  return w.finish();
}

/**
 * The contents as the manager contents the sandbox applies, or a {@link DecodeError} naming
 * the first other kind and the byte where its content starts in the forged operation.
 */
export function managerContents(operation: { readonly branch: string; readonly contents: readonly unknown[] }): ManagerContent[] {
  const contents = operation.contents as ManagerContent[];
  const other = contents.findIndex((c) => !MANAGER_KINDS.has((c as { kind?: unknown }).kind as string));
  if (other < 0) return contents;
  const at = forgeOperation({ branch: operation.branch, contents: contents.slice(0, other) }).length;
  const kind = (contents[other] as { kind?: unknown }).kind;
  throw new DecodeError("a reveal (107), transaction (108) or delegation (110): the sandbox applies only these manager operations", `operation kind ${JSON.stringify(kind)}`, at);
}

/** A parsed operation and the bytes its signature covers (after the watermark). */
export interface ParsedOperation {
  readonly operation: SignedOperation;
  /** The forged unsigned operation: branch and contents, without a `signature_prefix`. */
  readonly signedBytes: Uint8Array;
}

/**
 * Reads a whole forged operation (branch, contents, signature) with the generated
 * `024-PtTALLiN.operation` decoder, as `injection/operation` and `helpers/parse/operations`
 * receive it; a BLS signature's prefix content is joined to the signature. Fails with a
 * {@link DecodeError} (with its byte offset) on bytes that are not an operation and on
 * contents the sandbox does not apply.
 */
export function parseOperation(bytes: Uint8Array): ParsedOperation {
  const r = new BinaryReader(bytes);
  const decoded = decodePtTALLiN024Operation(r);
  if (r.remaining() !== 0) throw new DecodeError("the end of the operation", `${r.remaining()} more bytes`, r.offset);
  const contents: unknown[] = decoded.contents;
  const prefixAt = contents.findIndex((c) => typeof c === "string");
  // The generated decoder leaves out a signature of 64 zero bytes (Octez's JSON of an unsigned
  // operation has none); an injected operation always has one, zeros being a wrong one.
  let signature = decoded.signature ?? ZERO_SIGNATURE;
  let unsignedEnd = bytes.length - SIGNATURE_LENGTH;
  if (prefixAt >= 0) {
    // Octez writes the prefix only last, before the signature's 64 bytes.
    if (prefixAt !== contents.length - 1) throw new DecodeError("a signature prefix as the last content", `a signature prefix as content ${prefixAt}`, 32);
    const prefix = hexToBytes(contents.pop() as string);
    signature = encodeBase58Check(BASE58.bls12_381_signature, concat(prefix, signatureBytes(signature)));
    unsignedEnd -= SIGNATURE_PREFIX_LENGTH;
  }
  if (contents.length === 0) throw new DecodeError("at least one operation content", "none", 32);
  const operation = { branch: decoded.branch, contents: managerContents({ branch: decoded.branch, contents }), signature };
  return { operation, signedBytes: bytes.subarray(0, unsignedEnd) };
}

/**
 * The forged bytes of a signed operation with the generated `024-PtTALLiN.operation` encoder;
 * a `BLsig…` is split into its prefix content and 64 bytes, as Octez writes it.
 */
export function forgeSignedOperation(operation: SignedOperation): Uint8Array {
  const signature = signatureBytes(operation.signature);
  const bls = signature.length > SIGNATURE_LENGTH;
  const value = {
    branch: operation.branch,
    contents: bls ? [...operation.contents, bytesToHex(signature.subarray(0, signature.length - SIGNATURE_LENGTH))] : [...operation.contents],
    signature: encodeBase58Check(BASE58.generic_signature, signature.subarray(signature.length - SIGNATURE_LENGTH)),
  };
  const w = new BinaryWriter(256);
  encodePtTALLiN024Operation(w, value as PtTALLiN024Operation);
  return w.finish();
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
