/**
 * Micheline as a {@link Codec}: the opaque Micheline bytes of the binary schemas, the
 * structured expression of the JSON schemas.
 */
import type { Codec } from "../../codec/codec.ts";
import type { BinaryReader } from "../../codec/reader.ts";
import type { BinaryWriter } from "../../codec/writer.ts";
import { MICHELINE_DEFAULT_MAX_DEPTH, readMicheline, writeMicheline } from "./binary.ts";
import {
  NEWEST_MICHELINE_TABLE,
  buildMichelineTable,
  michelineTableFromNames,
  type MichelineAnnotationRules,
  type MichelineTable,
} from "./primitives.ts";
import type { MichelineExpression } from "./types.ts";

/** Options of {@link micheline} and {@link michelineSelfDelimited}. */
export interface MichelineOptions {
  /**
   * The protocol's primitives: the enum of its `<p>.michelson.v1.primitives` schema definition
   * (any order; the table is picked and checked with `michelineTableFromNames`), or a ready
   * table. Default: the newest known protocol.
   */
  primitives?: readonly string[] | MichelineTable;
  /** Overrides the annotation rules that come with the table. */
  annotations?: MichelineAnnotationRules;
  /** Deepest nesting of sequences and applications accepted; default {@link MICHELINE_DEFAULT_MAX_DEPTH}. */
  maxDepth?: number;
}

/** The table selected by some options. */
export function michelineTable(options: MichelineOptions = {}): MichelineTable {
  const { primitives, annotations } = options;
  if (primitives === undefined) return annotations === undefined ? NEWEST_MICHELINE_TABLE : buildMichelineTable(NEWEST_MICHELINE_TABLE.names, annotations);
  if (isTable(primitives)) return annotations === undefined || annotations === primitives.annotations ? primitives : buildMichelineTable(primitives.names, annotations);
  return michelineTableFromNames(primitives, annotations);
}

function isTable(value: readonly string[] | MichelineTable): value is MichelineTable {
  return !Array.isArray(value);
}

/**
 * The codec of a Micheline expression that fills its frame (data kind `Variable`), which is how
 * the binary schemas carry it: the enclosing length prefix belongs to the schema (a `dyn`
 * frame around this codec). Decoding fails on bytes left after the expression.
 */
export function micheline(options: MichelineOptions = {}): Codec<MichelineExpression> {
  const table = michelineTable(options);
  const maxDepth = options.maxDepth ?? MICHELINE_DEFAULT_MAX_DEPTH;
  const codec = {
    decode(reader: BinaryReader): MichelineExpression {
      const value = readMicheline(reader, table, maxDepth);
      reader.expectEnd("the end of the Micheline expression's frame");
      return value;
    },
    encode(writer: BinaryWriter, value: MichelineExpression): void {
      writeMicheline(writer, value, table, maxDepth);
    },
    dataKind: { kind: "Variable" } as const,
    table,
  };
  return codec;
}

/**
 * The codec of one self-delimiting Micheline expression (data kind `Dynamic`): decoding stops
 * after the expression and leaves what follows for the next field.
 */
export function michelineSelfDelimited(options: MichelineOptions = {}): Codec<MichelineExpression> {
  const table = michelineTable(options);
  const maxDepth = options.maxDepth ?? MICHELINE_DEFAULT_MAX_DEPTH;
  const codec = {
    decode: (reader: BinaryReader): MichelineExpression => readMicheline(reader, table, maxDepth),
    encode: (writer: BinaryWriter, value: MichelineExpression): void => writeMicheline(writer, value, table, maxDepth),
    dataKind: { kind: "Dynamic" } as const,
    table,
  };
  return codec;
}
