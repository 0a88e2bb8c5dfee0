/**
 * Compares a describe tree with an Octez OpenAPI file: routes, query parameters, and JSON
 * schemas of inputs and outputs once references are resolved. Both sides are normalised to
 * undo what the OpenAPI converter changed (component references, `nullable`, a reference with
 * siblings wrapped in a one-element `oneOf`, tuple items turned into `oneOf`) and to ignore
 * what it dropped or reordered (titles, descriptions, `default`s, `additionalProperties`, order of
 * `required` and `enum`).
 */

type J = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Route {
  method: string;
  path: string;
  service: J;
}

/** Routes of a describe tree, with paths written like OpenAPI's (`/chains/{chain_id}`). */
export function treeRoutes(tree: J): Route[] {
  const out: Route[] = [];
  const walk = (node: J, segs: string[]): void => {
    if (node === "empty" || node.dynamic !== undefined) return;
    const st = node.static;
    for (const key of ["get_service", "post_service", "delete_service", "put_service", "patch_service"]) {
      if (st[key]) out.push({ method: st[key].meth, path: "/" + segs.join("/"), service: st[key] });
    }
    const sub = st.subdirs;
    if (!sub) return;
    if (sub.suffixes) for (const s of sub.suffixes) walk(s.tree, [...segs, s.name]);
    else walk(sub.dynamic_dispatch.tree, [...segs, `{${sub.dynamic_dispatch.arg.name}}`]);
  };
  walk(tree, []);
  return out;
}

/** Dynamic directories of a tree, as paths. */
export function treeDynamicDirs(tree: J): string[] {
  const out: string[] = [];
  const walk = (node: J, segs: string[]): void => {
    if (node === "empty") return;
    if (node.dynamic !== undefined) {
      out.push("/" + segs.join("/"));
      return;
    }
    const sub = node.static.subdirs;
    if (!sub) return;
    if (sub.suffixes) for (const s of sub.suffixes) walk(s.tree, [...segs, s.name]);
    else walk(sub.dynamic_dispatch.tree, [...segs, `{${sub.dynamic_dispatch.arg.name}}`]);
  };
  walk(tree, []);
  return out;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
interface Options {}

/** Inlines references, then normalises. `resolve` maps a `$ref` string to its schema. */
export function normalise(schema: J, resolve: (ref: string) => J, opts: Options = {}, seen: string[] = []): J {
  if (schema === true || schema === undefined) return {};
  if (typeof schema !== "object" || schema === null) return schema;
  let s: J = { ...schema };
  // Resolve a reference, merging its siblings (other than documentation) into it.
  if (typeof s.$ref === "string") {
    const ref = s.$ref as string;
    if (seen.includes(ref)) return { $recursive: ref.split("/").pop() };
    const { $ref: _r, ...rest } = s;
    void _r;
    const target = normalise(resolve(ref), resolve, opts, [...seen, ref]);
    s = { ...target, ...stripDoc(rest) };
    return normalise(s, resolve, opts, seen);
  }
  s = stripDoc(s);
  delete s.$schema;
  delete s.definitions;
  delete s.additionalProperties;
  delete s.additionalItems;
  let nullable = false;
  if (s.nullable === true) nullable = true;
  delete s.nullable;
  // Tuples: the converter wrote `items: {oneOf: [...]}`.
  if (Array.isArray(s.items)) s.items = { oneOf: s.items };
  if (Array.isArray(s.oneOf)) {
    let cases = s.oneOf.map((c: J) => normalise(c, resolve, opts, seen));
    if (cases.some((c: J) => c.type === "null" && Object.keys(c).length === 1)) {
      nullable = true;
      cases = cases.filter((c: J) => !(c.type === "null" && Object.keys(c).length === 1));
    }
    delete s.oneOf;
    if (cases.length === 1) s = { ...normalise(s, resolve, opts, seen), ...cases[0] };
    else s = { ...normalise(s, resolve, opts, seen), oneOf: cases };
  }
  if (s.properties) {
    const props: J = {};
    for (const k of Object.keys(s.properties).sort()) props[k] = normalise(s.properties[k], resolve, opts, seen);
    s.properties = props;
  }
  if (s.type === "object" && !s.properties) s.properties = {};
  if (s.items && !Array.isArray(s.items)) s.items = normalise(s.items, resolve, opts, seen);
  if (Array.isArray(s.required)) s.required = [...s.required].sort();
  if (s.type === "object" && !s.required) s.required = [];
  if (Array.isArray(s.enum)) s.enum = [...s.enum].sort();
  if (nullable) s.nullable = true;
  return s;
}

/** Without documentation, nor `default` (the spec states `dft` defaults; Octez's files never do). */
function stripDoc(s: J): J {
  const { title: _t, description: _d, default: _dft, ...rest } = s;
  void _t;
  void _d;
  void _dft;
  return rest;
}

/** Lists the differences between two normalised schemas. */
export function diff(a: J, b: J, path = ""): string[] {
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
    return JSON.stringify(a) === JSON.stringify(b) ? [] : [`${path || "/"}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length)
      return [`${path || "/"}: ${short(a)} vs ${short(b)}`];
    return a.flatMap((x, i) => diff(x, b[i], `${path}/${i}`));
  }
  const out: string[] = [];
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!(k in a)) out.push(`${path}/${k}: missing in snapshot (${short(b[k])})`);
    else if (!(k in b)) out.push(`${path}/${k}: not in reference (${short(a[k])})`);
    else out.push(...diff(a[k], b[k], `${path}/${k}`));
  }
  return out;
}

function short(x: J): string {
  const s = JSON.stringify(x);
  return s.length > 160 ? s.slice(0, 160) + "…" : s;
}

/** Every mismatch between a describe tree and an OpenAPI document. */
export function conformance(tree: J, openapi: J, opts: Options = {}): string[] {
  const out: string[] = [];
  const routes = treeRoutes(tree);
  const key = (m: string, p: string) => `${m.toUpperCase()} ${p}`;
  const ours = new Map(routes.map((r) => [key(r.method, r.path), r]));
  const theirs = new Map<string, J>();
  for (const [p, item] of Object.entries<J>(openapi.paths))
    for (const [m, op] of Object.entries<J>(item)) theirs.set(key(m, p), op);
  for (const k of theirs.keys()) if (!ours.has(k)) out.push(`${k}: route missing in snapshot`);
  for (const k of ours.keys()) if (!theirs.has(k)) out.push(`${k}: route not in reference`);

  const resolveOpenapi = (ref: string) => {
    const name = ref.replace("#/components/schemas/", "");
    const s = openapi.components.schemas[name];
    if (s === undefined) throw new Error(`dangling ${ref}`);
    return s;
  };
  for (const [k, op] of theirs) {
    const r = ours.get(k);
    if (!r) continue;
    // Query parameters: same names; `single` arguments are the required ones.
    const theirQuery = new Map<string, boolean>();
    for (const prm of op.parameters ?? []) if (prm.in === "query") theirQuery.set(prm.name, prm.required === true);
    const ourQuery = new Map<string, boolean>();
    for (const q of r.service.query) ourQuery.set(q.name, q.kind.single !== undefined);
    for (const [n, req] of theirQuery) {
      if (!ourQuery.has(n)) out.push(`${k} query ${n}: missing in snapshot`);
      else if (ourQuery.get(n) !== req) out.push(`${k} query ${n}: required ${ourQuery.get(n)} vs ${req}`);
    }
    for (const n of ourQuery.keys()) if (!theirQuery.has(n)) out.push(`${k} query ${n}: not in reference`);
    // Bodies.
    const resolveOurs = (defs: J) => (ref: string) => {
      const name = ref.replace("#/definitions/", "");
      const s = defs?.[name];
      if (s === undefined) throw new Error(`dangling ${ref} in ${k}`);
      return s;
    };
    const compare = (part: string, ourSchema: J | undefined, theirSchema: J | undefined) => {
      if (ourSchema === undefined && theirSchema === undefined) return;
      if (ourSchema === undefined) return out.push(`${k} ${part}: missing in snapshot`);
      if (theirSchema === undefined) return out.push(`${k} ${part}: not in reference`);
      const a = normalise(ourSchema, resolveOurs(ourSchema.definitions), {});
      const b = normalise(theirSchema, resolveOpenapi, opts);
      for (const d of diff(a, b)) out.push(`${k} ${part}${d}`);
    };
    compare("input", r.service.input?.json_schema, op.requestBody?.content?.["application/json"]?.schema);
    compare("output", r.service.output.json_schema, op.responses?.["200"]?.content?.["application/json"]?.schema);
  }
  return out;
}
