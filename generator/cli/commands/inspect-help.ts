/** Help text shared by the inspection commands (`describe`, `encode`, `decode`). */

export const ENCODING_HELP = `ENCODING is one of:
  - an Octez codec id, when --spec carries registered encodings (a Kaitai folder, an
    octez-codec dump, a snapshot with encodings): 024-PtTALLiN.operation.unsigned…
  - a JSON definition name of the snapshot, as \`list encodings\` prints it:
    block_header, Chain_id, timestamp.protocol, network_version…
  - a route slot: "GET /chains/<chain_id>/checkpoint" output (input, output or error;
    the path may also be concrete: "GET /chains/main/checkpoint")
  - an expression over names: {branch: block_hash, contents: [alpha.operation.alpha.contents],
    signature: Signature} (object), [E] (list to the end of its frame), E:Case.field (a union
    case or object field), E - field (E without that field); builtins when no definition has
    the name: bytes, string, bool, int8, uint8, int16, uint16, int32, int64, n, z
`;

export const EXIT_CODES_HELP = `Exit codes: 0 done; 1 invalid input (not hex, not JSON, or a value the encoding rejects: the
message gives the byte offset and the path inside the value); 2 usage error, unknown encoding,
encoding without a binary form, or the snapshot could not be read.`;
