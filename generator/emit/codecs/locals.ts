/** Names in emitted functions: locals, property access, and the reader passed on to calls. */

import { camelCase, isIdentifierName, propertyKey as key, RESERVED_NAMES, RESERVED_WORDS } from "../names.ts";

/** Names the emitted functions use for themselves; locals never take them. */
const TAKEN_BY_FUNCTIONS = ["r", "w", "value", "field", "error", "out", "tag", "start", "index", "items", "count"];

/** Names no local takes, in any function: the functions' own, reserved names and reserved words. */
const NEVER_LOCAL = new Set<string>([...TAKEN_BY_FUNCTIONS, ...RESERVED_NAMES, ...RESERVED_WORDS]);

/** Hands out local variable names within one function, never the same twice (`gas_limit` → `gasLimit`, `0` → `v0`). */
export class LocalNames {
  private readonly claimed = new Set<string>();

  claim(wanted: string): string {
    const form = camelCase(wanted);
    const base = form.length === 0 || /^[0-9]/.test(form) ? `v${form}` : form;
    let name = base;
    for (let n = 2; NEVER_LOCAL.has(name) || this.claimed.has(name); n++) name = `${base}${n}`;
    this.claimed.add(name);
    return name;
  }
}

/** `.name`, or `["odd-name"]`. */
export function memberAccess(name: string): string {
  return isIdentifierName(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

/**
 * The names `Object.prototype` has (fixed here, not read from the running engine, so that the
 * output does not depend on it). A value without its own property of such a name still reads
 * one through the prototype: generated encoders read these with the runtime's `ownProperty`.
 */
export const PROTOTYPE_NAMES: ReadonlySet<string> = new Set([
  "__proto__",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
  "constructor",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "toString",
  "valueOf",
]);

/** A property key in an object literal: `__proto__` is computed, which makes it an own property instead of the prototype. */
export function propertyKey(name: string): string {
  return name === "__proto__" ? '["__proto__"]' : key(name);
}
