import { allowedValues } from "./allowed-values.js";
import type { AnyKindDefinition } from "./kind-definition.js";

/**
 * A Markdown table of kinds and their parameters, for READMEs and `losslab kinds`: one row a
 * parameter (a kind without any gets one row), with what it allows, its default and its
 * description. The READMEs' tables are generated with it and a test keeps them so.
 */
export function kindsTable(definitions: readonly AnyKindDefinition[]): string {
  const rows = ["| kind | parameter | allowed | default | what it is |", "| --- | --- | --- | --- | --- |"];
  for (const { kind, description, parameters } of definitions) {
    const entries = Object.entries(parameters);
    rows.push(`| \`${kind}\` | | | | ${cell(description)} |`);
    for (const [name, parameter] of entries) {
      const fallback =
        "default" in parameter && parameter.default !== undefined
          ? `\`${JSON.stringify(parameter.default)}\``
          : parameter.optional
            ? "(optional)"
            : "**required**";
      rows.push(`| | \`${name}\` | ${cell(allowedValues(parameter))} | ${fallback} | ${cell(parameter.description)} |`);
    }
  }
  return rows.join("\n");
}

/** Table cells hold no pipes or line breaks. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}
