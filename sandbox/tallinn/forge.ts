/**
 * Forged T024 operations through the generated codecs of Octez's registered encodings
 * (`generated/tallinn/`: `024-PtTALLiN.operation` and `024-PtTALLiN.operation.unsigned`, from
 * Octez's Kaitai files), and the manager contents the sandbox applies (`reveal`,
 * `transaction`, `delegation`, typed by the generated content cases).
 *
 * A tz4 (BLS, 96-byte) signature travels as a last `signature_prefix` content (tag 255, BLS tag
 * 3, its first 32 bytes) and 64 bytes at the end, while Octez's JSON shows the whole `BLsig…`:
 * the generated codecs join and split the two parts (the reconciler marks Octez's signature
 * split); only the signed bytes' end is worked out here.
 */
import { BASE58, BinaryReader, BinaryWriter, DecodeError, encodeBase58Check } from "@tezos-rpcgen/runtime";
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
/** A signature of 64 zero bytes (what an unsigned operation's bytes carry, and the sandbox's blocks are signed with: it has no bakers). */
export const ZERO_SIGNATURE = encodeBase58Check(BASE58.generic_signature, new Uint8Array(SIGNATURE_LENGTH));
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
 * receive it (the decoder joins a BLS signature's prefix content to the signature). Fails with
 * a {@link DecodeError} (with its byte offset) on bytes that are not an operation and on
 * contents the sandbox does not apply.
 */
export function parseOperation(bytes: Uint8Array): ParsedOperation {
  const r = new BinaryReader(bytes);
  const decoded = decodePtTALLiN024Operation(r);
  if (r.remaining() !== 0) throw new DecodeError("the end of the operation", `${r.remaining()} more bytes`, r.offset);
  // The generated decoder leaves out a signature of 64 zero bytes (Octez's JSON of an unsigned
  // operation has none); an injected operation always has one, zeros being a wrong one.
  const signature = decoded.signature ?? ZERO_SIGNATURE;
  // A BLS signature's first 32 bytes travel as a last `signature_prefix` content, which the
  // signed bytes do not cover.
  const prefix = signatureBytes(signature).length > SIGNATURE_LENGTH ? SIGNATURE_PREFIX_LENGTH : 0;
  const contents: unknown[] = decoded.contents;
  if (contents.length === 0) throw new DecodeError("at least one operation content", "none", 32);
  const operation = { branch: decoded.branch, contents: managerContents({ branch: decoded.branch, contents }), signature };
  return { operation, signedBytes: bytes.subarray(0, bytes.length - SIGNATURE_LENGTH - prefix) };
}

/**
 * The forged bytes of a signed operation with the generated `024-PtTALLiN.operation` encoder
 * (which splits a `BLsig…` into its prefix content and 64 bytes, as Octez writes it).
 */
export function forgeSignedOperation(operation: SignedOperation): Uint8Array {
  const w = new BinaryWriter(256);
  encodePtTALLiN024Operation(w, { branch: operation.branch, contents: [...operation.contents], signature: operation.signature } as PtTALLiN024Operation);
  return w.finish();
}
