/**
 * Renders a drift report as text (terminals, CI logs), Markdown (pull-request comments) or JSON
 * (machines). All three are deterministic: the report's order is kept and nothing depends on the
 * time or the locale.
 */
import type { DriftChange, DriftFailure, DriftReport } from "./report.ts";

export type DriftFormat = "text" | "markdown" | "json";

export const DRIFT_FORMATS: readonly DriftFormat[] = ["text", "markdown", "json"];

/** Renders a report (or a failure to compare) in `format`; the text ends with a newline. */
export function formatDriftReport(report: DriftReport | DriftFailure, format: DriftFormat): string {
  switch (format) {
    case "json":
      return JSON.stringify(report, null, 2) + "\n";
    case "markdown":
      return report.status === "failed" ? `**Could not compare** (${report.side}): ${escapeMarkdown(report.message)}\n` : markdown(report);
    case "text":
      return report.status === "failed" ? `could not compare (${report.side}): ${report.message}\n` : text(report);
  }
}

/** `GET /route` plus `input json $.x` — where a change is, without its message. */
export function changeLocation(change: DriftChange): string {
  const parts: string[] = [];
  if (change.slot !== undefined) parts.push(change.slot);
  if (change.form !== undefined) parts.push(change.form);
  if (change.at !== undefined) parts.push(change.at);
  return parts.join(" ");
}

/** Groups changes under `METHOD route` headings (route-level changes under the route alone). */
function groups(report: DriftReport): Array<{ heading: string; changes: DriftChange[] }> {
  const out: Array<{ heading: string; changes: DriftChange[] }> = [];
  for (const change of report.changes) {
    const heading = change.method === undefined ? change.route : `${change.method} ${change.route}`;
    const last = out[out.length - 1];
    if (last !== undefined && last.heading === heading) last.changes.push(change);
    else out.push({ heading, changes: [change] });
  }
  return out;
}

function headline(report: DriftReport): string {
  const { breaking, compatible, total } = report.summary;
  if (total === 0) return "no drift";
  return `${total} change${total === 1 ? "" : "s"}: ${breaking} breaking, ${compatible} compatible`;
}

function text(report: DriftReport): string {
  const lines = [`drift ${report.old.label} → ${report.new.label}: ${headline(report)}`];
  lines.push(`  OLD: ${report.old.services} services; NEW: ${report.new.services} services`);
  for (const group of groups(report)) {
    lines.push("", group.heading);
    for (const change of group.changes) {
      const where = changeLocation(change);
      lines.push(`  ${change.severity === "breaking" ? "BREAKING  " : "compatible"}  ${where === "" ? "" : where + ": "}${change.message}`);
    }
  }
  if (report.notCompared.length > 0) {
    lines.push("", "not compared:");
    for (const item of report.notCompared) lines.push(`  ${item}`);
  }
  return lines.join("\n") + "\n";
}

function escapeMarkdown(value: string): string {
  return value.replace(/([\\`*_|<>[\]])/g, "\\$1");
}

function code(value: string): string {
  return value.includes("`") ? `\`\` ${value} \`\`` : `\`${value}\``;
}

function markdown(report: DriftReport): string {
  const lines = [`## Drift: ${escapeMarkdown(report.old.label)} → ${escapeMarkdown(report.new.label)}`, ""];
  const { breaking, compatible, total } = report.summary;
  lines.push(total === 0 ? "No drift." : `**${breaking} breaking**, ${compatible} compatible (${total} changes).`, "");
  lines.push(`| | OLD | NEW |`, `|---|---|---|`, `| services | ${report.old.services} | ${report.new.services} |`);
  lines.push(`| dynamic directories | ${report.old.dynamicDirectories.map(code).join(", ") || "none"} | ${report.new.dynamicDirectories.map(code).join(", ") || "none"} |`, "");
  for (const group of groups(report)) {
    lines.push(`### ${code(group.heading)}`, "", "| | where | change |", "|---|---|---|");
    for (const change of group.changes) {
      const where = changeLocation(change);
      lines.push(`| ${change.severity === "breaking" ? "**breaking**" : "compatible"} | ${where === "" ? "" : code(where).replace(/\|/g, "\\|")} | ${escapeMarkdown(change.message)} |`);
    }
    lines.push("");
  }
  if (report.notCompared.length > 0) {
    lines.push("### Not compared", "");
    for (const item of report.notCompared) lines.push(`- ${escapeMarkdown(item)}`);
    lines.push("");
  }
  return lines.join("\n");
}
