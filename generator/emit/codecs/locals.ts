/** Names in emitted functions: locals, property access, and the reader passed on to calls. */

import { camelCase, isIdentifierName, propertyKey as key, RESERVED_NAMES, RESERVED_WORDS } from "../names.ts";

/** Names the emitted functions use for themselves; locals never take them. */
const TAKEN_BY_FUNCTIONS = ["r", "w", "value", "field", "error", "out", "tag", "start", "index", "items", "count"];

/** Names no local takes, in any function: the functions' own, reserved names and reserved words. */
const NEVER_LOCAL = new Set<string>([...TAKEN_BY_FUNCTIONS, ...RESERVED_NAMES, ...RESERVED_WORDS]);

/**
 * The identifier each wanted local name becomes (`gas_limit` → `gasLimit`, `0` → `t0`), worked
 * out once per name for a whole codecs file: the same field names come back in many objects.
 */
export class IdentifierForms {
  private readonly forms = new Map<string, string>();

  of(wanted: string): string {
    let form = this.forms.get(wanted);
    if (form === undefined) {
      form = camelCase(wanted);
      if (form.length === 0 || /^[0-9]/.test(form)) form = `v${form}`;
      this.forms.set(wanted, form);
    }
    return form;
  }
}

/** Hands out local variable names within one function, never the same twice. */
export class LocalNames {
  private readonly claimed = new Set<string>();

  constructor(private readonly forms: IdentifierForms) {}

  claim(wanted: string): string {
    const base = this.forms.of(wanted);
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

/** A property key in an object literal. */
export const propertyKey = key;
