/**
 * Micheline expressions in the node's JSON form (the value model of DESIGN.md): what
 * `JSON.parse` gives for a script, a storage value or transaction parameters.
 */

/**
 * The text of a `{"string": …}` node: a JSON string when its bytes are valid UTF-8, otherwise
 * the bytes listed one by one (data-encoding's `unistring`).
 */
export type MichelineStringValue = string | { invalid_utf8_string: number[] };

/** An integer of any size, as a decimal string (`"-12"`). */
export interface MichelineInt {
  int: string;
}

/** A string literal. */
export interface MichelineString {
  string: MichelineStringValue;
}

/** A byte literal, as lowercase hex (upper-case digits are accepted when encoding). */
export interface MichelineBytes {
  bytes: string;
}

/**
 * A primitive application. The node leaves out `args` and `annots` when they are empty; both
 * forms are accepted when encoding.
 */
export interface MichelinePrim {
  prim: string;
  args?: MichelineExpression[];
  annots?: string[];
}

/** A sequence `{ … ; … }`. */
export type MichelineSequence = MichelineExpression[];

/** Any Micheline expression. */
export type MichelineExpression = MichelineInt | MichelineString | MichelineBytes | MichelinePrim | MichelineSequence;
