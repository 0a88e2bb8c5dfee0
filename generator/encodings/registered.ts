/**
 * Registered encodings: the values an Octez build registers with data-encoding under a codec id
 * (`024-PtTALLiN.operation.unsigned`, `block_header.shell`…), each with its JSON schema and its
 * binary schema in the describe answer's forms. Two readers produce them (`octez-codec dump
 * encodings` output, `dump.ts`; Octez's Kaitai files, `kaitai.ts`), and one model reconciles
 * them (`model.ts`), so everything downstream sees one shape whatever the source.
 */

import type { JsonSchema } from "../model/json-schema.ts";
import type { RawBinarySchema } from "../describe/raw.ts";

/** One registered encoding as its source gives it. */
export interface RegisteredEncoding {
  /** Octez's codec id (`024-PtTALLiN.operation.unsigned`). */
  id: string;
  /** Draft-04 JSON schema; absent when the source gives none (Kaitai) and none was paired. */
  json?: JsonSchema;
  /** The binary schema in the describe answer's form (`{toplevel, fields}`). */
  binary: RawBinarySchema;
  /**
   * The source writes text as bytes (Kaitai): pairing with a JSON schema turns the bytes whose
   * JSON is text into `String` layouts (`withTextLayouts`) and clears the mark.
   */
  textAsBytes?: boolean;
  /** One line saying what the value is, when the source says. */
  description?: string;
}

/** The entry a snapshot's `encodings` stores for an encoding (its id, schemas and description). */
export function snapshotEntry(encoding: RegisteredEncoding): { id: string; json?: JsonSchema; binary: RawBinarySchema; description?: string } {
  return {
    id: encoding.id,
    ...(encoding.json !== undefined ? { json: encoding.json } : {}),
    binary: encoding.binary,
    ...(encoding.description !== undefined ? { description: encoding.description } : {}),
  };
}

/** A source of registered encodings could not be read; `where` names the file and place. */
export class EncodingSourceError extends Error {
  override readonly name = "EncodingSourceError";
  constructor(
    readonly where: string,
    readonly problem: string,
  ) {
    super(`${where}: ${problem}`);
  }
}

/** The protocol part of a codec id (`024-PtTALLiN`, `alpha`), if it has one. */
export const PROTOCOL_OF_ID = /^(alpha|\d{3}-[A-Za-z0-9]{8})\./;

/** A codec id without its protocol (`024-PtTALLiN.operation.unsigned` → `operation.unsigned`). */
export function idWithoutProtocol(id: string): string {
  return id.replace(PROTOCOL_OF_ID, "");
}
