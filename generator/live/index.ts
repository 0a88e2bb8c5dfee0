/**
 * `generator/live/`: talking to a running Octez node.
 *
 * - {@link captureSnapshot}: the root `/describe` tree plus the dynamic directories described at
 *   a concrete chain and block, as a `tezos-rpcgen-snapshot/1` document;
 * - {@link serializeSnapshot}: its deterministic text form;
 * - {@link getJson}: one JSON GET with a deadline and retries;
 * - {@link LiveCaptureError}: every failure, with a `reason` (`acl`, `timeout`, `not-found`…).
 */
export {
  captureSnapshot,
  serializeSnapshot,
  renderVersion,
  type CaptureOptions,
  type CaptureProgress,
  type CapturedSnapshot,
  type SnapshotDocument,
  type SnapshotExpansion,
} from "./capture.ts";
export { getJson, joinUrl, DEFAULT_TIMEOUT_MS, type NodeRequestOptions } from "./http.ts";
export { LiveCaptureError, aclProblem, type LiveCaptureReason } from "./errors.ts";
