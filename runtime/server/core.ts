/** The configuration every request is handled with, built once by `createRpcServer`. */
import type { AnyRouteDescriptor, MediaType } from "../rpc/route.ts";
import type { BinaryBodies } from "../client/options.ts";
import type { ArgParser } from "./arg-types.ts";
import type { Cors } from "./cors.ts";
import type { DescribeMount } from "./describe.ts";
import type { Directory } from "./router.ts";

/** Where a server error happened, for {@link ServerCore.onError}. */
export interface ServerErrorContext {
  readonly method: string;
  readonly url: string;
  readonly operation?: string;
}

/** Everything the pipeline needs. */
export interface ServerCore {
  readonly root: Directory;
  /** `/describe` from a tree; `route` (the interface's describe route, if any) and `binary` give its binary answers. */
  readonly describe?: { readonly tree: unknown; readonly mounts: readonly DescribeMount[]; readonly route: AnyRouteDescriptor; readonly binary?: BinaryBodies };
  readonly parsers: Readonly<Record<string, ArgParser>>;
  /** The server's media types (the `media-type` setting), default first. */
  readonly offered: readonly MediaType[];
  readonly cors: Cors;
  readonly maxBodyBytes: number;
  /** Milliseconds a stream's client may leave data unread before its connection is closed. */
  readonly streamStallTimeout: number;
  readonly validateOutput: boolean;
  readonly onError?: (error: unknown, context: ServerErrorContext) => void;
}
