import type { Lanes } from "@losslab/switch";
import type { SwitchSpec } from "./scenario-fields.js";
import type { ScenarioKinds } from "./scenario-kinds.js";

/** One lane: what an organisation without the `lanes` trait has. */
const ONE_LANE: Lanes = Object.freeze({ vls: 1 });

/** The virtual lanes of the scenario's switches and their scheduling (the organisation's `lanes` trait; default one). */
export function switchLanes(scenario: { readonly switch: SwitchSpec }, kinds: ScenarioKinds): Lanes {
  return kinds.switch.get(scenario.switch.kind)?.lanes?.(scenario.switch) ?? ONE_LANE;
}
