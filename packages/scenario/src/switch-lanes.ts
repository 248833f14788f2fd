import type { SwitchSpec } from "./scenario-fields.js";
import type { ScenarioKinds } from "./scenario-kinds.js";

/** Virtual lanes per port of the scenario's switches (the organisation's `lanes` trait; default 1). */
export function switchLanes(scenario: { readonly switch: SwitchSpec }, kinds: ScenarioKinds): number {
  return kinds.switch.get(scenario.switch.kind)?.lanes?.(scenario.switch) ?? 1;
}
