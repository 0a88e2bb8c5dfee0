/**
 * The JSON text of an object of a parsed describe document, written once per object.
 *
 * Parsed documents are never changed, so the text of one of their objects stays true once
 * written. Two steps need the text of every service body's JSON schema: the describe-tree hash
 * (hash.ts, which writes the whole document) and the validators (which compare bodies by it);
 * through here, whichever comes first writes it and the other reuses it.
 */

const texts = new WeakMap<object, string>();

/** `JSON.stringify(value)`, remembered for `value` (which must not change afterwards). */
export function jsonText(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}
