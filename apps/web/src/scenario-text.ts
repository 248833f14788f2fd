/**
 * A scenario file's text, as data: YAML (of which JSON is a subset) parsed by the `yaml`
 * package as the CLI parses scenario files, then validated by the scenario package's schema,
 * so the page reports the CLI's errors. Nothing in the text can load or run code.
 */
import { parseScenario, type Scenario, type ScenarioResult } from "@losslab/scenario";
import { parse as parseYaml } from "yaml";

/** The parsed and validated scenario; throws an Error whose message says what is wrong and where. */
export function parseScenarioText(text: string): Scenario {
  let input: unknown;
  try {
    input = parseYaml(text, { logLevel: "error" });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`the scenario is not valid YAML or JSON: ${reason}`);
  }
  return parseScenario(input);
}

const round = (value: number): number | null => (Number.isFinite(value) ? Number(value.toPrecision(6)) : null);
const rounded = (values: Record<string, number> | undefined) =>
  Object.fromEntries(Object.entries(values ?? {}).map(([key, value]) => [key, round(value)]));

/** A scenario run's summary as JSON: the averages over the measurement interval, and the counts. */
export function scenarioSummaryText(result: ScenarioResult): string {
  const s = result.summary;
  const summary = {
    scenario: result.scenario.name,
    seed: result.scenario.seed,
    fingerprint: result.fingerprint,
    events: result.events,
    delivered: result.delivered,
    marked: result.marked,
    summary: {
      links: rounded(s.links),
      groups: rounded(s.groups),
      classes: rounded(s.classes),
      latencyUs: rounded(s.latencyUs),
      markedPct: rounded(s.markedPct),
    },
    completions: result.completions,
    ...(result.collectives === undefined ? {} : { collectives: result.collectives }),
  };
  return `${JSON.stringify(summary, null, 2)}\n`;
}
