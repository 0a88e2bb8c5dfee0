/**
 * `generator/encodings/`: registered encodings (Octez codec ids with their JSON and binary
 * schemas), from `octez-codec dump encodings` output or Octez's Kaitai files.
 *
 * - {@link readEncodingsDump}, {@link readKaitaiFolder} / {@link readKaitaiFiles}: the two readers;
 * - {@link pairJsonSchemas} / {@link loadKaitaiEncodings}: JSON schemas for Kaitai layouts from
 *   the protocol's OpenAPI document;
 * - {@link attachLayouts}: route bodies given the layouts of the encodings their JSON schemas are;
 * - {@link reconcileEncodings}: their codecs, reconciled with the routes' bodies by
 *   `buildCodecModel` (each a named definition: `OperationUnsigned`…).
 */
export { EncodingSourceError, idWithoutProtocol, snapshotEntry, type RegisteredEncoding } from "./registered.ts";
export { readEncodingsDump } from "./dump.ts";
export { readKaitaiFiles, readKaitaiFolder } from "./kaitai.ts";
export { openApiDefinitions, pairJsonSchemas, withTextLayouts, type PairingReport } from "./json-pairing.ts";
export { isEncodingsDump, isKaitaiFolder, loadKaitaiEncodings, loadRegisteredEncodings, openApiBeside } from "./load.ts";
export { attachLayouts, BARE_VALUE, formatAttachReport, jsonOnlyReasons, NO_SUCH_STRUCTURE, type AttachedBody, type AttachReport } from "./attach.ts";
export { reconcileEncodings, type EncodingCodec } from "./model.ts";
