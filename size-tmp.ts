import { loadInterface } from "./generator/pipeline.ts";
const { model } = await loadInterface("spec/snapshots/shell.json");
for (const s of model.services) {
  const out = s.output.schema;
  if (JSON.stringify(out).length < 15000) continue;
  console.log(s.service.method, s.service.route.map((r: any) => r.name).join("/"), JSON.stringify(out).length, "codec kind", s.output.codec.kind, s.output.jsonOnly ?? "");
  for (const [k, v] of Object.entries(out.definitions ?? {})) console.log("   ", k, JSON.stringify(v).length);
}
