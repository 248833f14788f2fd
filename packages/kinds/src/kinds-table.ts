import { allowedValues } from "./allowed-values.js";
import type { AnyKindDefinition } from "./kind-definition.js";
import type { Parameters } from "./parameter.js";

/**
 * A Markdown table of kinds and their parameters, for READMEs and `losslab kinds`: one row a
 * parameter (a kind without any gets one row), with what it allows, its default and its
 * description. The READMEs' tables are generated with it and a test keeps them so.
 */
export function kindsTable(definitions: readonly AnyKindDefinition[]): string {
  const rows = ["| kind | parameter | allowed | default | what it is |", "| --- | --- | --- | --- | --- |"];
  for (const { kind, description, parameters } of definitions) {
    rows.push(`| \`${kind}\` | | | | ${cell(description)} |`);
    for (const row of parameterRows(parameters)) rows.push(`| ${row}`);
  }
  return rows.join("\n");
}

/**
 * A Markdown table of parameters every kind of a family has besides its own (a switch's
 * buffers and flow control), in the columns of `kindsTable` but the first.
 */
export function parametersTable(parameters: Parameters): string {
  const rows = ["| parameter | allowed | default | what it is |", "| --- | --- | --- | --- |"];
  return [...rows, ...parameterRows(parameters)].join("\n");
}

/** One row a parameter, from its name's cell on: name, what it allows, its default, its description. */
function parameterRows(parameters: Parameters): string[] {
  return Object.entries(parameters).map(([name, parameter]) => {
    const fallback =
      "default" in parameter && parameter.default !== undefined
        ? `\`${JSON.stringify(parameter.default)}\``
        : parameter.optional
          ? "(optional)"
          : "**required**";
    return `| \`${name}\` | ${cell(allowedValues(parameter))} | ${fallback} | ${cell(parameter.description)} |`;
  });
}

/** Table cells hold no pipes or line breaks. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}
