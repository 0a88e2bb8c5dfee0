/**
 * Whole-node snapshots without a node: the shell's describe tree with a protocol's services
 * grafted under the block directory and its mempool's under the mempool directory, written as
 * one `tezos-rpcgen-snapshot/1` document (`tezos-rpcgen assemble`).
 *
 * The parts are what Octez publishes per release and per protocol: the shell as a describe tree
 * or snapshot (ours, `spec/snapshots/shell.json`, has the two dynamic directories), and the
 * protocol and mempool as OpenAPI documents (`<name>-openapi.json`,
 * `<name>-mempool-openapi.json`) or describe answers captured at
 * `/describe/chains/main/blocks/head` and `/describe/chains/main/mempool`. Each part is turned
 * into a describe answer and grafted as an expansion at the concrete prefix a capture would
 * have used, so `snapshot --node` and `assemble` give the same kind of document and the same
 * bindings.
 *
 * Layouts: an OpenAPI part has no binary schema, so its bodies are JSON-only. Given Octez's
 * registered encodings (`encodings`: a Kaitai folder or an `octez-codec dump encodings` file,
 * read by `generator/encodings/`), each part's bodies that are one of them get its binary schema
 * (`attachLayouts`), and the document carries the encodings themselves, so the bindings have
 * `OperationUnsigned`, `encodeOperationUnsigned`… beside the routes. The `layouts` hook is the
 * seam: it receives each converted part and may attach binary schemas another way.
 *
 * The block's own routes: given the encodings, the protocol part's routes that answer a block's
 * own values (`/header`, `/operations`…), which Octez's OpenAPI file types for the genesis head
 * it was written at, are first rebuilt for the protocol (`block-directory.ts`), so the layouts
 * are attached to what a node of the protocol answers.
 */
import { isSnapshotDocument, SNAPSHOT_FORMAT, type SnapshotSource } from "../describe/snapshot.ts";
import { DescribeSnapshotError } from "../describe/errors.ts";
import type { RawNode } from "../describe/raw.ts";
import { readDescribeTree } from "../describe/read.ts";
import type { SnapshotDocument, SnapshotExpansion } from "../live/capture.ts";
import { attachLayouts, type AttachReport } from "../encodings/attach.ts";
import { rebuildBlockDirectory, type BlockDirectoryReport } from "./block-directory.ts";
import { snapshotEntry, type RegisteredEncoding } from "../encodings/registered.ts";
import { isObject } from "../openapi/document.ts";
import { isOpenApiDocument, openApiToDescribe } from "../openapi/index.ts";

/** One input document and the name it is recorded under in the snapshot's `source`. */
export interface AssemblePart {
  /** The parsed JSON: an OpenAPI document, a describe answer, or (for the shell) a snapshot. */
  json: unknown;
  /** How `source` names it: a file name or a short origin, never a machine's absolute path. */
  label: string;
}

/** Attaches binary schemas to the bodies of a describe tree made from a JSON-only source. */
export type LayoutAttacher = (tree: RawNode, part: "protocol" | "mempool") => RawNode;

export interface AssembleInputs {
  shell: AssemblePart;
  protocol?: AssemblePart;
  mempool?: AssemblePart;
  /** Concrete chain and block of the graft prefixes (default `main`, `head`), as a capture uses. */
  chain?: string;
  block?: string;
  /** Free text recorded as `source.origin` (where the input files come from). */
  origin?: string;
  /**
   * Octez's registered encodings and how `source.layouts` names where they come from: carried
   * in the document, and their layouts attached to the parts' bodies (unless `layouts` is given).
   */
  encodings?: { list: readonly RegisteredEncoding[]; label: string };
  /** The seam for binary layouts (see the module comment); without it or `encodings`, OpenAPI bodies stay JSON-only. */
  layouts?: LayoutAttacher;
}

/** A whole node's snapshot and, per grafted part, which bodies got a layout and which stay JSON-only. */
export interface AssembledSnapshot {
  document: SnapshotDocument;
  attached: Array<{ part: "protocol" | "mempool"; report: AttachReport }>;
  /** The block's own routes typed for the protocol of `inputs.encodings` (`block-directory.ts`), when both are given. */
  blockDirectory?: BlockDirectoryReport;
}

/** The snapshot document of a whole node; checked by reading it back before it is returned. */
export function assembleSnapshot(inputs: AssembleInputs): SnapshotDocument {
  return assembleWithReport(inputs).document;
}

/** {@link assembleSnapshot} with the attach report of each part laid from `inputs.encodings`. */
export function assembleWithReport(inputs: AssembleInputs): AssembledSnapshot {
  const attached: AssembledSnapshot["attached"] = [];
  let blockDirectory: BlockDirectoryReport | undefined;
  const registered = inputs.encodings;
  const layouts: LayoutAttacher | undefined =
    inputs.layouts ??
    (registered === undefined
      ? undefined
      : (tree, part) => {
          const { tree: laid, report } = attachLayouts(tree, registered.list);
          attached.push({ part, report });
          return laid as RawNode;
        });
  const chain = inputs.chain ?? "main";
  const block = inputs.block ?? "head";
  const { root, expansions: shellExpansions } = shellParts(inputs.shell.json);
  const expansions: SnapshotExpansion[] = [];
  const grafts: Array<[AssemblePart | undefined, "protocol" | "mempool", string[]]> = [
    [inputs.protocol, "protocol", ["chains", chain, "blocks", block]],
    [inputs.mempool, "mempool", ["chains", chain, "mempool"]],
  ];
  for (const [part, name, prefix] of grafts) {
    if (part === undefined) continue;
    let tree = describeOf(part.json);
    if (name === "protocol" && registered !== undefined) {
      // Before the layouts: the rebuilt bodies are what the layouts are attached to.
      const rebuilt = rebuildBlockDirectory(tree, registered.list);
      tree = rebuilt.tree;
      blockDirectory = rebuilt.report;
    }
    if (layouts !== undefined) tree = layouts(tree, name);
    expansions.push({ prefix, tree });
  }
  // A graft of this command replaces the shell's own capture at the same prefix.
  const replaced = new Set(expansions.map((e) => e.prefix.join("/")));
  const kept = shellExpansions.filter((e) => !replaced.has(e.prefix.join("/")));
  const source: SnapshotSource = {
    assembled_by: "tezos-rpcgen assemble",
    ...(inputs.origin === undefined ? {} : { origin: inputs.origin }),
    shell: describePart(inputs.shell),
    ...(inputs.protocol === undefined ? {} : { protocol: describePart(inputs.protocol) }),
    ...(inputs.mempool === undefined ? {} : { mempool: describePart(inputs.mempool) }),
    ...(registered === undefined ? {} : { layouts: registered.label }),
  };
  const version = openApiVersion(inputs.protocol?.json) ?? openApiVersion(inputs.mempool?.json);
  if (version !== undefined) source.node_version = version;
  const document: SnapshotDocument = { format: SNAPSHOT_FORMAT, source, root, expansions: [...kept, ...expansions] };
  if (registered !== undefined) document.encodings = registered.list.map(snapshotEntry);
  // Reading it back checks every graft point (the walk must end on a dynamic directory) and the encodings.
  readDescribeTree(document);
  return { document, attached, ...(blockDirectory === undefined ? {} : { blockDirectory }) };
}

/** The shell's root answer and the expansions it already has (a snapshot) or none. */
function shellParts(json: unknown): { root: unknown; expansions: SnapshotExpansion[] } {
  if (isSnapshotDocument(json)) {
    const doc = json as unknown as SnapshotDocument;
    if (doc.root === undefined) throw new DescribeSnapshotError("/root", "the shell snapshot has no root to graft into");
    return { root: doc.root, expansions: doc.expansions ?? [] };
  }
  return { root: describeOf(json), expansions: [] };
}

function describeOf(json: unknown): RawNode {
  return isOpenApiDocument(json) ? openApiToDescribe(json) : (json as RawNode);
}

/** `label (title, version)` for an OpenAPI document, the label alone otherwise. */
function describePart(part: AssemblePart): string {
  if (!isOpenApiDocument(part.json) || !isObject(part.json["info"])) return part.label;
  const info = part.json["info"];
  const facts = [info["title"], info["version"]].filter((v): v is string => typeof v === "string");
  return facts.length === 0 ? part.label : `${part.label} (${facts.join(", ")})`;
}

function openApiVersion(json: unknown): string | undefined {
  if (!isOpenApiDocument(json) || !isObject(json["info"])) return undefined;
  const version = json["info"]["version"];
  return typeof version === "string" ? version : undefined;
}
