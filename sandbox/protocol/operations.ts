/**
 * How the sandbox protocol judges a mempool operation, the part Octez leaves to the protocol
 * (`Proto.Mempool.add_operation`): the shell then files the operation by the kind of the
 * error, as tezos/tezos-mirror `src/lib_shell/prevalidation.ml` (`classification_of_trace`)
 * does: `branch` → `branch_refused`, `permanent` → `refused`, `temporary` → `branch_delayed`,
 * `outdated` → `outdated`; no error → `validated`.
 *
 * The sandbox protocol has no accounts or signatures, so its rule reads the operation's data
 * (the bytes after the 32-byte branch). Data whose first byte is one of the four directive
 * bytes below asks for a verdict; any other data (real Tezos operations included: no Tezos
 * operation tag uses 0xe0–0xe3) is a valid operation. `N` is the level of the block that
 * would include the operation (the head's level + 1); `L` a big-endian int32 after the byte.
 *
 * | data            | verdict                                                              |
 * |-----------------|----------------------------------------------------------------------|
 * | `e0 L …`        | not before level L: `temporary` (branch_delayed) while N < L        |
 * | `e1 L …`        | expires after level L: `outdated` once N > L                         |
 * | `e2 L …`        | only on branches up to level L: `branch` (branch_refused) once N > L |
 * | `e3 …`          | always refused: `permanent`                                          |
 * | `e0`–`e2`, < 5 bytes | malformed: `permanent`                                          |
 */
import { hexToBytes } from "@tezos-rpcgen/runtime";
import type { Operation } from "../../generated/shell/types.ts";
import type { TraceError } from "../errors.ts";
import { MANAGER_PASS } from "./protocol.ts";

/** The mempool classes of Octez's prevalidator (`Prevalidator_classification`). */
export type ErrorClass = "refused" | "outdated" | "branch_refused" | "branch_delayed";
export type Classification = "validated" | ErrorClass;

export type Verdict = { readonly class: "validated" } | { readonly class: ErrorClass; readonly trace: readonly TraceError[] };

/** The protocol's error-id prefix (Octez names protocol errors `proto.<protocol>.<id>`). */
const PREFIX = "proto.sandbox.operation.";

/** Directive bytes of the sandbox protocol's operation data. */
export const DIRECTIVE = { notBefore: 0xe0, expiresAfter: 0xe1, branchUpTo: 0xe2, refuse: 0xe3 } as const;

/** The class Octez gives an error trace, from its first error's kind. */
const CLASS_OF_KIND: Record<string, ErrorClass> = { branch: "branch_refused", permanent: "refused", temporary: "branch_delayed", outdated: "outdated" };

function failed(kind: "branch" | "permanent" | "temporary" | "outdated", id: string, fields: TraceError = {}): Verdict {
  return { class: CLASS_OF_KIND[kind]!, trace: [{ kind, id: PREFIX + id, ...fields }] };
}

/** Verdict of the sandbox protocol on `operation` for a block at level `nextLevel`. */
export function judgeOperation(operation: Operation, nextLevel: number): Verdict {
  const data = hexToBytes(operation.data);
  const tag = data[0];
  if (tag === DIRECTIVE.refuse) return failed("permanent", "refused");
  if (tag !== DIRECTIVE.notBefore && tag !== DIRECTIVE.expiresAfter && tag !== DIRECTIVE.branchUpTo) return { class: "validated" };
  if (data.length < 5) return failed("permanent", "malformed", { expected_length: 5, found: data.length });
  const level = new DataView(data.buffer, data.byteOffset + 1, 4).getInt32(0);
  if (tag === DIRECTIVE.notBefore && nextLevel < level) return failed("temporary", "too_early", { expected: level, found: nextLevel });
  if (tag === DIRECTIVE.expiresAfter && nextLevel > level) return failed("outdated", "expired", { expected: level, found: nextLevel });
  if (tag === DIRECTIVE.branchUpTo && nextLevel > level) return failed("branch", "past_branch_limit", { expected: level, found: nextLevel });
  return { class: "validated" };
}

/** The validation pass of a sandbox operation: every one is a manager operation. */
export function validationPassOf(_operation: Operation): number {
  return MANAGER_PASS;
}

/** Operation data carrying a directive (for tests and examples): `directiveData(0xe0, 5)`. */
export function directiveData(tag: number, level?: number, rest = ""): string {
  const head = tag.toString(16).padStart(2, "0");
  if (level === undefined) return head + rest;
  return head + (level >>> 0).toString(16).padStart(8, "0") + rest;
}
