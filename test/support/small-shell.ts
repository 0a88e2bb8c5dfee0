/**
 * A small describe answer cut out of the committed shell snapshot, for tests that build or run
 * generated code and need it to compile in a second or two: only the routes asked for, with the
 * bodies and definitions the node describes for them.
 */
import { readFileSync } from "node:fs";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const SHELL = new URL("../../spec/snapshots/shell.json", import.meta.url);

/**
 * The shell snapshot's root with only the directories on `routes` (`"/chains/*\/chain_id"`,
 * `*` for a path argument); a route's own services are kept, its sub-directories only when
 * another route goes on through them.
 */
export function smallShell(routes: readonly string[]): Json {
  const document = JSON.parse(readFileSync(SHELL, "utf8")) as Json;
  const root = document.root ?? document;
  return prune(root, routes.map((route) => route.split("/").filter((s) => s !== "")));
}

function prune(node: Json, paths: string[][]): Json {
  const kept: Json = {};
  const here = paths.some((path) => path.length === 0);
  for (const [key, value] of Object.entries(node.static ?? {})) if (key !== "subdirs" && here) kept[key] = value;
  const subdirs = node.static?.subdirs;
  const deeper = paths.filter((path) => path.length > 0);
  if (subdirs?.suffixes !== undefined) {
    const suffixes = subdirs.suffixes
      .map((suffix: Json) => ({ name: suffix.name, rest: deeper.filter((path) => path[0] === suffix.name).map((path) => path.slice(1)), tree: suffix.tree }))
      .filter((suffix: Json) => suffix.rest.length > 0)
      .map((suffix: Json) => ({ name: suffix.name, tree: prune(suffix.tree, suffix.rest) }));
    if (suffixes.length > 0) kept.subdirs = { suffixes };
  } else if (subdirs?.dynamic_dispatch !== undefined) {
    const rest = deeper.filter((path) => path[0] === "*").map((path) => path.slice(1));
    if (rest.length > 0) kept.subdirs = { dynamic_dispatch: { arg: subdirs.dynamic_dispatch.arg, tree: prune(subdirs.dynamic_dispatch.tree, rest) } };
  }
  return { static: kept };
}
