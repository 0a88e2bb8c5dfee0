/**
 * Opening a data directory's store. SQLite comes from `better-sqlite3`, a native module that is
 * an optional dependency of the package: a project that only generates code installs no native
 * module (`npm install --omit=optional` skips it, and a failed build of it does not fail the
 * install). The module is therefore loaded here, when a data directory is asked for, and its
 * absence is a {@link MissingSqliteError} that says how to get it; an in-memory sandbox never
 * loads it.
 */
import type { NodeStore } from "./store.ts";

/** `--data-dir` was asked for but `better-sqlite3` is not installed (or did not build). */
export class MissingSqliteError extends Error {
  override readonly name = "MissingSqliteError";
  constructor(options?: { cause?: unknown }) {
    super(
      "a data directory needs SQLite (better-sqlite3, an optional dependency of tezos-rpcgen), which is not installed or did not build: " +
        "install it beside tezos-rpcgen (npm install better-sqlite3), or run the sandbox in memory (without --data-dir)",
      options,
    );
  }
}

/** Whether `error` says that `better-sqlite3` (or its compiled binding) could not be loaded. */
function isMissingSqlite(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") return typeof message === "string" && message.includes("better-sqlite3");
  // Installed but its native binding missing or built for another Node.
  return typeof message === "string" && /better_sqlite3\.node|Could not locate the bindings file|NODE_MODULE_VERSION/.test(message);
}

/** The SQLite store of `dataDir`, `better-sqlite3` loaded on first use. */
export async function openSqliteStore(dataDir: string): Promise<NodeStore> {
  let module: typeof import("./sqlite-store.ts");
  try {
    module = await import("./sqlite-store.ts");
    return new module.SqliteStore(dataDir);
  } catch (error) {
    if (isMissingSqlite(error)) throw new MissingSqliteError({ cause: error });
    throw error;
  }
}
