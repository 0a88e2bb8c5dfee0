/**
 * JSON text as Octez writes it, for the few values plain JSON cannot hold: non-finite floats.
 *
 * Octez prints a float with `%.0f` when it has no fraction and `%g` otherwise (json-data-encoding's
 * printers, data-encoding's `Json`), so a NaN float is `nan` and the infinities are `inf` and
 * `-inf`, which is not JSON; `JSON.stringify` would write `null` instead, which no float decoder
 * takes back. The decoders give the JavaScript numbers NaN and ±Infinity and the encoders write
 * them; these functions carry them through JSON text the way Octez writes them.
 *
 * Both cost nothing on the common path: the writer is only needed for bodies whose schema has a
 * float (the route descriptor says so), and the reader runs `JSON.parse` first and looks for the
 * words only when that fails.
 */

/** Octez's words for the non-finite floats. */
const NON_FINITE_WORDS: ReadonlyArray<readonly [string, number]> = [
  ["nan", NaN],
  // C's printf, which OCaml's uses, may print a NaN whose sign bit is set as `-nan`.
  ["-nan", NaN],
  ["inf", Infinity],
  ["-inf", -Infinity],
];

/**
 * A string that stands for a non-finite float while the text is built or read: a NUL and a
 * random tag, which no real value holds by chance.
 */
function freshMarker(): string {
  return `\u0000${Math.random().toString(36).slice(2)}:`;
}

/** `JSON.stringify` of `value`, with NaN and ±Infinity written as Octez writes them (`nan`, `inf`, `-inf`). */
export function stringifyJsonWithFloats(value: unknown, space?: number): string {
  const marker = freshMarker();
  let marked = false;
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (typeof v !== "number" || Number.isFinite(v)) return v;
      marked = true;
      return marker + (Number.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf");
    },
    space,
  );
  if (!marked) return text;
  const quoted = JSON.stringify(marker).slice(1, -1);
  return text.replace(new RegExp(`"${quoted.replace(/\\/g, "\\\\")}(nan|-?inf)"`, "g"), "$1");
}

/** `JSON.parse` that also reads Octez's `nan`, `inf` and `-inf` (outside strings) as NaN and ±Infinity. */
export function parseJsonWithFloats(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!/(^|[^\w"])-?(nan|inf)\b/.test(text)) throw error;
  }
  const marker = freshMarker();
  const quoted = JSON.stringify(marker).slice(1, -1);
  // Strings are matched first so that a `nan` inside one is left alone; a word counts only
  // where a value starts (at the beginning, or after `:`, `[` or `,`).
  const marked = text.replace(/"(?:[^"\\]|\\.)*"|(^|[:[,])(\s*)(-?(?:nan|inf))\b/g, (token, before?: string, space?: string, word?: string) =>
    word === undefined ? token : `${before}${space}"${quoted}${word}"`,
  );
  return JSON.parse(marked, (_key, v: unknown) => {
    if (typeof v !== "string" || !v.startsWith(marker)) return v;
    return NON_FINITE_WORDS.find(([word]) => word === v.slice(marker.length))![1];
  });
}

/**
 * The JSON text of an answer: plain `JSON.stringify`, or, when the body may hold floats
 * (`floats`), with non-finite ones written as Octez writes them.
 */
export function jsonText(value: unknown, floats: boolean): string {
  return floats ? stringifyJsonWithFloats(value) : JSON.stringify(value);
}
