/**
 * State shared while emitting one codecs file: function names handed out, private helpers and
 * module constants collected, and the runtime symbols the code uses.
 */

import type { CodecDefinition, IR } from "../../ir/codec-ir.ts";
import { pascalCase, type InterfaceNames } from "../names.ts";
import type { TypeEmitter } from "../types.ts";
import { localTypeAlias } from "../ts-syntax.ts";

/** The decoder and encoder names of one value. */
export interface HelperNames {
  decode: string;
  encode: string;
}

/**
 * A string literal or a capitalised identifier of type text: string literals are matched so
 * that the words inside them are skipped.
 */
const TYPE_NAMES_AND_STRINGS = /"(?:[^"\\]|\\.)*"|\b[A-Z][A-Za-z0-9_]*\b/g;

export class CodecContext {
  /** Runtime symbols used by the emitted code. */
  readonly runtime = new Set<string>();
  /** Type names (from the types file) used by the emitted code. */
  readonly typesUsed = new Set<string>();
  private readonly helpers: string[] = [];
  private readonly constants: string[] = [];
  private readonly constantNames = new Map<string, string>();
  private readonly taken = new Set<string>();
  /** Type names of IR nodes that have one (definition roots, body roots, named union cases). */
  private readonly namedTypes = new Map<IR, string>();
  /** Types declared in the codecs file itself, for the structures of private helpers. */
  private readonly localTypes = new Set<string>();

  constructor(
    readonly definitions: ReadonlyMap<string, CodecDefinition>,
    private readonly names: InterfaceNames,
    private readonly types: TypeEmitter,
  ) {
    for (const typeName of names.definitions.values()) this.taken.add(`decode${typeName}`).add(`encode${typeName}`);
    for (const typeName of names.sharedBodies.values()) this.taken.add(`decode${typeName}`).add(`encode${typeName}`);
    for (const service of names.services) {
      for (const typeName of [service.input, service.output, service.error]) {
        if (typeName !== undefined) this.taken.add(`decode${typeName}`).add(`encode${typeName}`);
      }
    }
  }

  /** The exported pair of a named definition. */
  definitionFunctions(name: string): HelperNames {
    const typeName = this.names.definitions.get(name);
    if (typeName === undefined) throw new Error(`no type name for definition ${name}`);
    return { decode: `decode${typeName}`, encode: `encode${typeName}` };
  }

  /**
   * A fresh private pair named after `hint`, a space-separated path from the named value that
   * contains the structure (`AlphaOperationAlphaContents Transaction parameters`): the name
   * keeps the first part and the last two, enough to read and short enough to type.
   */
  helperNames(hint: string): HelperNames {
    const parts = hint.split(" ").filter((p) => p.length > 0);
    const kept = parts.length > 3 ? [parts[0]!, ...parts.slice(-2)] : parts;
    const base = pascalCase(kept.join(" ")) || "Value";
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? "" : String(n);
      const decode = `decode${base}${suffix}`;
      const encode = `encode${base}${suffix}`;
      if (!this.taken.has(decode) && !this.taken.has(encode)) {
        this.taken.add(decode).add(encode);
        return { decode, encode };
      }
    }
  }

  addHelper(source: string): void {
    this.helpers.push(source);
  }

  takeHelpers(): string[] {
    return this.helpers.splice(0);
  }

  /**
   * A module constant built once (for example a Micheline codec for a protocol's primitives);
   * equal initialisers share one constant.
   */
  constant(wantedName: string, initialiser: string): string {
    const existing = this.constantNames.get(initialiser);
    if (existing !== undefined) return existing;
    let name = wantedName;
    for (let n = 2; this.taken.has(name); n++) name = `${wantedName}${n}`;
    this.taken.add(name);
    this.constantNames.set(initialiser, name);
    this.constants.push(`const ${name} = /* @__PURE__ */ ${initialiser};\n`);
    return name;
  }

  takeConstants(): string[] {
    return this.constants.splice(0);
  }

  /** Gives the values of `ir` the declared type `typeName` in emitted signatures. */
  nameType(ir: IR, typeName: string): void {
    this.namedTypes.set(ir, typeName);
  }

  /** Whether values of `ir` already have a type name. */
  hasTypeName(ir: IR): boolean {
    return this.namedTypes.has(ir);
  }

  /** The type name of `ir`, when it has one. */
  typeName(ir: IR): string | undefined {
    return this.namedTypes.get(ir);
  }

  /**
   * Names the type of a private helper's structure in the codecs file (`type Name = …;`, from
   * {@link localTypeDeclaration}), so that its helpers and the types around it say `Name`
   * rather than repeating the structure. Returns the name, claimed among the interface's names.
   */
  nameLocalType(ir: IR, wanted: string): string {
    const name = this.names.table.claim(wanted);
    this.localTypes.add(name);
    this.namedTypes.set(ir, name);
    this.types.alias(ir, name);
    return name;
  }

  /** Gives `ir` the local type name of an equal structure named before. */
  shareLocalType(ir: IR, name: string): void {
    this.namedTypes.set(ir, name);
    this.types.alias(ir, name);
  }

  /** The declaration of a local type named by {@link nameLocalType} (call once the structures inside are named). */
  localTypeDeclaration(ir: IR, name: string): string {
    const type = this.types.structureOf(ir);
    this.useTypesIn(type.text);
    return `${localTypeAlias(name, type)}\n`;
  }

  /** The TypeScript type of values of `ir`, recording the named types it mentions. */
  typeText(ir: IR): string {
    const named = this.namedTypes.get(ir);
    if (named !== undefined) {
      if (!this.localTypes.has(named)) this.typesUsed.add(named);
      return named;
    }
    const text = this.types.typeOf(ir).text;
    this.useTypesIn(text);
    return text;
  }

  /** Records a type name used as is. */
  useType(typeName: string): void {
    this.typesUsed.add(typeName);
  }

  /** Records the type names `text` mentions (capitalised identifiers outside string literals). */
  private useTypesIn(text: string): void {
    for (const match of text.matchAll(TYPE_NAMES_AND_STRINGS)) {
      const name = match[0];
      if (name.startsWith('"') || name === "Record" || name === "Array" || name === "Readonly" || this.localTypes.has(name)) continue;
      if (this.types.runtimeImports.has(name)) this.runtime.add(name);
      else this.typesUsed.add(name);
    }
  }


  /** Uses a runtime symbol and returns its name. */
  use(symbol: string): string {
    this.runtime.add(symbol);
    return symbol;
  }
}
