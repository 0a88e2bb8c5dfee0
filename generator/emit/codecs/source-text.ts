/** Assembling emitted source lines. */

/** Joins lines, indented by `depth` levels of two spaces (empty lines stay empty). */
export function indent(lines: readonly string[], depth = 1): string {
  const pad = "  ".repeat(depth);
  return lines.map((line) => (line.length === 0 ? line : line.split("\n").map((l) => (l.length === 0 ? l : pad + l)).join("\n"))).join("\n");
}
