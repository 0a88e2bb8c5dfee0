/**
 * `generator/describe/`: from a describe tree (snapshot file or live node) to the model.
 *
 * - {@link readDescribeTree}: validate + normalise a describe answer or a snapshot document;
 * - {@link readBinarySchema}: the same for one `binary_schema` object;
 * - {@link loadDescribeSource} / {@link loadServiceTree}: files and live nodes (capturing a
 *   whole node with its dynamic directories is `generator/live/`);
 * - {@link describeTreeHash}: the hash for generated-file headers;
 * - {@link formatBinaryLayout}: data-encoding-style layout tables for the CLI.
 */
export { readDescribeTree, type DescribedTree, type PrefixSegment, type ReadDescribeOptions } from "./read.ts";
export {
  readBinarySchema,
  normaliseBinarySchema,
  type DescribeWarning,
  type ReadBinarySchemaOptions,
} from "./binary-schema.ts";
export {
  SNAPSHOT_FORMAT,
  isSnapshotDocument,
  type GraftedExpansion,
  type SnapshotSource,
} from "./snapshot.ts";
export {
  loadDescribeSource,
  loadServiceTree,
  describeUrl,
  isUrlSource,
  type LoadDescribeOptions,
  type LoadedDescribe,
} from "./load.ts";
export { describeTreeHash, DESCRIBE_HASH_ALGORITHM } from "./hash.ts";
export { formatBinaryLayout, type FormatBinaryLayoutOptions } from "./layout-printer.ts";
export { validateDescribeAnswer, validateBinarySchemaJson, validateSnapshotJson } from "./validate.ts";
export { describeAnswerSchema, binarySchemaSchema, snapshotSchema, DESCRIBE_SCHEMA_DRAFT } from "./describe-answer-schema.ts";
export {
  DescribeError,
  DescribeFormatError,
  DescribeSnapshotError,
  DescribeLoadError,
  toPointer,
} from "./errors.ts";
export type {
  RawBinarySchema,
  RawBody,
  RawDataKind,
  RawEncoding,
  RawField,
  RawLayout,
  RawNode,
  RawService,
  RawString,
} from "./raw.ts";
