import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../generator/model/json-schema.ts";
import { hoistRepeatedSubschemas } from "../../../generator/emit/validators/repeated-subschemas.ts";
import { emitValidators, type ValidatorPlan } from "../../../generator/emit/validators/index.ts";

const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04") as typeof import("ajv-draft-04").default;

const DRAFT = "http://json-schema.org/draft-04/schema#";
const PREFIX = "test-subschema:";
/** Above the size of the leaves of {@link stat}, below that of `stat` itself. */
const MIN_SIZE = 128;
const hoist = (roots: readonly JsonSchema[]) => hoistRepeatedSubschemas(roots, PREFIX, MIN_SIZE);

/** A sub-schema well above the size threshold, as Octez repeats them (a peer's statistics). */
const stat = (title: string): JsonSchema => ({
  title,
  type: "object",
  properties: {
    total_sent: { type: "string", pattern: "^[0-9]+$" },
    total_recv: { type: "string", pattern: "^[0-9]+$" },
    current_inflow: { type: "integer", minimum: -1073741824, maximum: 1073741823 },
    current_outflow: { type: "integer", minimum: -32768, maximum: 32767 },
    mode: { enum: ["accepted", "running", "disconnected"] },
  },
  required: ["total_sent", "total_recv", "current_inflow", "current_outflow"],
  additionalProperties: false,
});

const bodies: JsonSchema[] = [
  {
    type: "object",
    properties: { in: stat("Inbound"), out: stat("Outbound"), once: { type: "array", items: { type: "boolean" } } },
    additionalProperties: false,
  },
  { type: "array", items: { oneOf: [stat("Any"), { type: "null" }] } },
];

const stats = { total_sent: "1", total_recv: "22", current_inflow: 0, current_outflow: -3 };
const examples: unknown[] = [
  { in: stats, out: stats },
  { in: stats, out: { ...stats, mode: "running" }, once: [true] },
  { in: stats, out: { ...stats, mode: "idle" } },
  { in: stats, out: { ...stats, extra: 1 } },
  { in: { ...stats, total_sent: "x" }, out: stats },
  { in: stats },
  [stats, null, { ...stats, current_inflow: 2 ** 31 }],
  [stats, null],
  [{ total_sent: "1" }],
  "text",
];

/** Whether each body accepts each example, with the schemas compiled by ajv as the emitter does. */
function acceptance(roots: readonly JsonSchema[], subschemas: ReadonlyArray<{ id: string; schema: JsonSchema }> = []): boolean[][] {
  const ajv = new Ajv04({ strict: false, inlineRefs: false });
  for (const { id, schema } of subschemas) ajv.addSchema({ $schema: DRAFT, ...schema }, id);
  return roots.map((root) => {
    const validate = ajv.compile({ $schema: DRAFT, ...root });
    return examples.map((example) => validate(example));
  });
}

describe("repeated inline sub-schemas", () => {
  it("are moved once into a schema of their own, whatever their titles", () => {
    const { subschemas, roots } = hoist(bodies);
    expect(subschemas).toHaveLength(1);
    const [{ id, schema }] = subschemas as [{ id: string; schema: JsonSchema }];
    expect(id).toMatch(/^test-subschema:[0-9a-f]{16}$/);
    expect(schema).toEqual(stat("Inbound")); // the first copy met
    expect(roots[0]!.properties).toEqual({ in: { $ref: id }, out: { $ref: id }, once: { type: "array", items: { type: "boolean" } } });
    expect(roots[1]!.items).toEqual({ oneOf: [{ $ref: id }, { type: "null" }] });
  });

  it("accept and reject exactly what the schemas did", () => {
    const { subschemas, roots } = hoist(bodies);
    const before = acceptance(bodies);
    expect(acceptance(roots, subschemas)).toEqual(before);
    expect(before.flat()).toContain(true);
    expect(before.flat()).toContain(false);
  });

  it("move small sub-schemas from the size given", () => {
    const int31: JsonSchema = { type: "integer", minimum: -1073741824, maximum: 1073741823 };
    const roots: JsonSchema[] = [{ items: [int31, { title: "Level", ...int31 }] }];
    expect(hoistRepeatedSubschemas(roots, PREFIX).subschemas.map((s) => s.schema)).toEqual([int31]);
    expect(hoistRepeatedSubschemas(roots, PREFIX, 62).subschemas).toEqual([]);
  });

  it("measure a sub-schema by its JSON without annotations", () => {
    // `{"items":{"type":"string"},"type":"array"}` is 42 characters.
    const strings: JsonSchema = { title: "Strings", type: "array", items: { type: "string", description: "A string" } };
    const roots: JsonSchema[] = [{ items: [strings, strings] }];
    expect(hoistRepeatedSubschemas(roots, PREFIX, 42).subschemas.map((s) => s.schema)).toEqual([strings]);
    expect(hoistRepeatedSubschemas(roots, PREFIX, 43).subschemas).toEqual([]);
  });

  it("leave alone what occurs once, what is small, the roots, and whatever is no schema", () => {
    const big = stat("Big");
    const roots: JsonSchema[] = [
      // The same object as an `enum` value and under a property called `title` is no sub-schema
      // copy, and neither is a root.
      { type: "object", properties: { title: big, small: { type: "integer", minimum: 0 } }, enum: [big] },
      { type: "object", properties: { small: { type: "integer", minimum: 0 } } },
      big,
    ];
    const { subschemas, roots: rewritten } = hoist(roots);
    expect(subschemas).toEqual([]);
    expect(rewritten).toEqual(roots);
  });

  it("do not tell apart copies that differ in what they accept", () => {
    const strict = stat("Strict");
    const loose = { ...stat("Loose"), additionalProperties: true };
    const { subschemas } = hoist([{ items: [strict, loose, strict] }, { not: loose }]);
    expect(subschemas.map((s) => s.schema.additionalProperties)).toEqual(expect.arrayContaining([false, true]));
    expect(subschemas).toHaveLength(2);
  });

  it("count what lies inside a repeated sub-schema once", () => {
    // `inner` occurs twice, but both times inside the copies of `outer`: once `outer` is moved
    // there is one `inner` left, and moving it would only add a call.
    const inner = stat("Inner");
    const outer: JsonSchema = { type: "object", properties: { a: inner, b: { type: "string", maxLength: 300 } }, required: ["a", "b"] };
    const { subschemas } = hoist([{ items: [outer, outer] }]);
    expect(subschemas.map((s) => s.schema)).toEqual([outer]);
    // A third `inner` elsewhere makes it worth moving too, and `outer` then refers to it.
    const again = hoist([{ items: [outer, outer, inner] }]);
    expect(again.subschemas).toHaveLength(2);
    const innerId = again.subschemas.find((s) => s.schema.title === "Inner")!.id;
    expect(again.subschemas.find((s) => s.schema.type === "object" && s.schema.title === undefined)!.schema.properties!["a"]).toEqual({ $ref: innerId });
  });

  it("give the same output for the same input, with identifiers that follow the content", () => {
    const first = hoist(bodies);
    expect(JSON.stringify(hoist(structuredClone(bodies)))).toBe(JSON.stringify(first));
    const other = hoist([{ anyOf: [{ type: "null" }] }, ...bodies]);
    expect(other.subschemas.map((s) => s.id)).toEqual(first.subschemas.map((s) => s.id));
  });

  it("are compiled once by the validators emitter", () => {
    const plan = (schemas: JsonSchema[]): ValidatorPlan => ({
      services: [],
      validators: schemas.map((schema, i) => ({ name: `validateBody${i}`, schema: { $schema: DRAFT, ...schema }, usedBy: [`Body${i}`] })),
    });
    const functions = (js: string) => js.match(/^function validate\d+\(/gm)?.length ?? 0;
    const once = emitValidators(plan([{ type: "array", items: stat("Once") }])).js;
    const often = emitValidators(plan(bodies)).js;
    expect(functions(once)).toBe(1);
    expect(functions(often)).toBe(3); // two bodies and the statistics
    // The statistics' code (one check of `current_inflow`'s range) is written once.
    const checks = (js: string) => js.split("1073741823").length - 1;
    expect(checks(often)).toBe(checks(once));
    expect(emitValidators(plan(bodies)).js).toBe(often);
  });
});
