/**
 * Forged bytes of the T024 manager operations the sandbox applies (`reveal`, `transaction`,
 * `delegation`), to and from their JSON values (the `024-PtTALLiN.operation` and
 * `.operation.unsigned` encodings). Layout facts, checked against Octez's own vectors in
 * `../shared/reference/protocols/t024/codec-vectors.json`:
 *
 * - an operation is the 32-byte branch, the contents (each a tag byte then its fields), then
 *   a 64-byte signature; a tz4 (BLS, 96-byte) signature puts its first 32 bytes in a last
 *   `signature_prefix` content (tag 255, BLS tag 3) and its last 64 at the end, while its
 *   JSON shows the whole `BLsig…` and no such content;
 * - manager fields: source (key hash, 21 bytes), fee, counter, gas_limit, storage_limit (zarith
 *   naturals); reveal (107): public key, optional proof (a length-prefixed BLS signature);
 *   transaction (108): amount, destination (contract id, 22 bytes), optional parameters
 *   (entrypoint, length-prefixed Micheline value); delegation (110): optional delegate.
 *
 * The other kinds are refused with a {@link DecodeError} naming the kind: the sandbox does not
 * apply them (see sandbox/README.md).
 */
import {
  BASE58,
  BinaryReader,
  BinaryWriter,
  DecodeError,
  EncodeError,
  encodeBase58Check,
  hashCodec,
  readContractId,
  readPublicKey,
  readPublicKeyHash,
  readZarithN,
  writeContractId,
  writePublicKey,
  writePublicKeyHash,
  writeZarithN,
  micheline,
  type MichelineExpression,
} from "@tezos-rpcgen/runtime";
import { signatureBytes } from "./keys.ts";

/** Fields every manager operation has (JSON form: numbers as decimal strings). */
interface ManagerFields {
  readonly source: string;
  readonly fee: string;
  readonly counter: string;
  readonly gas_limit: string;
  readonly storage_limit: string;
}
export interface RevealContent extends ManagerFields {
  readonly kind: "reveal";
  readonly public_key: string;
  readonly proof?: string;
}
export interface TransactionContent extends ManagerFields {
  readonly kind: "transaction";
  readonly amount: string;
  readonly destination: string;
  readonly parameters?: { readonly entrypoint: string; readonly value: MichelineExpression };
}
export interface DelegationContent extends ManagerFields {
  readonly kind: "delegation";
  readonly delegate?: string;
}
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

const TAG = { reveal: 107, transaction: 108, delegation: 110 } as const;
const SIGNATURE_PREFIX_TAG = 255;
const BLS_PREFIX_TAG = 3;
const SIGNATURE_LENGTH = 64;
/** Entrypoints with a one-byte code (`Entrypoint_repr`); others are `255` + length + name. */
const ENTRYPOINTS = ["default", "root", "do", "set_delegate", "remove_delegate", "deposit", "stake", "unstake", "finalize_unstake", "set_delegate_parameters"];
const MICHELINE = micheline();

const blockHash = hashCodec("block_hash");

function readManagerFields(r: BinaryReader): ManagerFields {
  const source = readPublicKeyHash(r);
  return { source, fee: readZarithN(r), counter: readZarithN(r), gas_limit: readZarithN(r), storage_limit: readZarithN(r) };
}

function readEntrypoint(r: BinaryReader): string {
  const at = r.offset;
  const tag = r.uint8();
  if (tag === 255) {
    const length = r.uint8();
    return new TextDecoder().decode(r.raw(length, "an entrypoint name"));
  }
  const name = ENTRYPOINTS[tag];
  if (name === undefined) throw new DecodeError("an entrypoint tag", `tag ${tag}`, at);
  return name;
}

function readContent(r: BinaryReader): ManagerContent {
  const at = r.offset;
  const tag = r.uint8();
  switch (tag) {
    case TAG.reveal: {
      const fields = readManagerFields(r);
      const public_key = readPublicKey(r);
      if (r.uint8() === 0) return { kind: "reveal", ...fields, public_key };
      const length = r.uint32();
      const proof = encodeBase58Check(BASE58.bls12_381_signature, r.raw(length, "a BLS proof"));
      return { kind: "reveal", ...fields, public_key, proof };
    }
    case TAG.transaction: {
      const fields = readManagerFields(r);
      const amount = readZarithN(r);
      const destination = readContractId(r);
      if (r.uint8() === 0) return { kind: "transaction", ...fields, amount, destination };
      const entrypoint = readEntrypoint(r);
      const end = r.openFrame(r.uint32(), "the parameters' value");
      const value = MICHELINE.decode(r);
      r.closeFrame(end);
      return { kind: "transaction", ...fields, amount, destination, parameters: { entrypoint, value } };
    }
    case TAG.delegation: {
      const fields = readManagerFields(r);
      if (r.uint8() === 0) return { kind: "delegation", ...fields };
      return { kind: "delegation", ...fields, delegate: readPublicKeyHash(r) };
    }
    default:
      throw new DecodeError("a reveal (107), transaction (108) or delegation (110): the sandbox applies only these manager operations", `operation tag ${tag}`, at);
  }
}

/** The forged form of an unsigned operation (what the signer signs, after the watermark). */
export function forgeOperation(operation: UnsignedOperation): Uint8Array {
  const w = new BinaryWriter(256);
  blockHash.encode(w, operation.branch);
  for (const content of operation.contents) writeContent(w, content);
  return w.finish();
}

function writeContent(w: BinaryWriter, c: ManagerContent): void {
  const tag = TAG[c.kind as keyof typeof TAG];
  if (tag === undefined) throw new EncodeError("a reveal, transaction or delegation content", `kind ${JSON.stringify((c as { kind: unknown }).kind)}`, w.length);
  w.uint8(tag);
  writePublicKeyHash(w, c.source);
  writeZarithN(w, c.fee);
  writeZarithN(w, c.counter);
  writeZarithN(w, c.gas_limit);
  writeZarithN(w, c.storage_limit);
  switch (c.kind) {
    case "reveal":
      writePublicKey(w, c.public_key);
      if (c.proof === undefined) w.uint8(0);
      else {
        const proof = signatureBytes(c.proof);
        w.uint8(255);
        w.uint32(proof.length);
        w.raw(proof);
      }
      return;
    case "transaction":
      writeZarithN(w, c.amount);
      writeContractId(w, c.destination);
      if (c.parameters === undefined) return w.uint8(0);
      w.uint8(255);
      writeEntrypoint(w, c.parameters.entrypoint);
      {
        const at = w.reserve(4);
        const start = w.length;
        MICHELINE.encode(w, c.parameters.value);
        w.patchUint32(at, w.length - start);
      }
      return;
    case "delegation":
      if (c.delegate === undefined) return w.uint8(0);
      w.uint8(255);
      writePublicKeyHash(w, c.delegate);
      return;
  }
}

function writeEntrypoint(w: BinaryWriter, name: string): void {
  const code = ENTRYPOINTS.indexOf(name);
  if (code >= 0) return w.uint8(code);
  const bytes = new TextEncoder().encode(name);
  if (bytes.length > 31) throw new EncodeError("an entrypoint name of at most 31 bytes", `${bytes.length} bytes`, w.length);
  w.uint8(255);
  w.uint8(bytes.length);
  w.raw(bytes);
}

/** A parsed operation and the bytes its signature covers (after the watermark). */
export interface ParsedOperation {
  readonly operation: SignedOperation;
  /** The forged unsigned operation: branch and contents, without a `signature_prefix`. */
  readonly signedBytes: Uint8Array;
}

/**
 * Reads a whole forged operation (branch, contents, signature), as `injection/operation` and
 * `helpers/parse/operations` receive it. Fails with a {@link DecodeError} (with its byte
 * offset) on anything else.
 */
export function parseOperation(bytes: Uint8Array): ParsedOperation {
  const r = new BinaryReader(bytes);
  const branch = blockHash.decode(r);
  const contents: ManagerContent[] = [];
  let prefix: Uint8Array | undefined;
  let unsignedEnd = 0;
  while (r.remaining() > SIGNATURE_LENGTH) {
    if (r.bytes[r.offset] === SIGNATURE_PREFIX_TAG) {
      unsignedEnd = r.offset;
      r.uint8();
      const at = r.offset;
      if (r.uint8() !== BLS_PREFIX_TAG) throw new DecodeError("a BLS signature prefix (tag 3)", "another prefix tag", at);
      prefix = r.raw(32, "a BLS signature prefix").slice();
      break;
    }
    contents.push(readContent(r));
  }
  if (prefix === undefined) unsignedEnd = r.offset;
  if (contents.length === 0) throw new DecodeError("at least one operation content", "none", r.offset);
  if (r.remaining() !== SIGNATURE_LENGTH) throw new DecodeError("a 64-byte signature at the end of the operation", `${r.remaining()} bytes`, r.offset);
  const tail = r.raw(SIGNATURE_LENGTH, "a signature");
  const signature =
    prefix === undefined
      ? encodeBase58Check(BASE58.generic_signature, tail)
      : encodeBase58Check(BASE58.bls12_381_signature, concat(prefix, tail));
  return { operation: { branch, contents, signature }, signedBytes: bytes.subarray(0, unsignedEnd) };
}

/** The forged bytes of a signed operation: {@link forgeOperation} then its signature. */
export function forgeSignedOperation(operation: SignedOperation): Uint8Array {
  const unsigned = forgeOperation(operation);
  const signature = signatureBytes(operation.signature);
  if (signature.length === SIGNATURE_LENGTH) return concat(unsigned, signature);
  const prefix = new Uint8Array([SIGNATURE_PREFIX_TAG, BLS_PREFIX_TAG]);
  return concat(unsigned, prefix, signature.subarray(0, 32), signature.subarray(32));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
