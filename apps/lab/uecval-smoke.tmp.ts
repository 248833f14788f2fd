import { parseScenario, runScenario } from "@losslab/scenario";
import { uecValidateScenario } from "../../packages/reproductions/src/presets/uec-validate.js";
import { planLines, type Plan } from "../../packages/reproductions/src/presets/uec-validate-lines.js";
const [plan, ids] = [process.argv[2] as Plan, process.argv[3]!.split(",").map(Number)];
for (const id of ids) {
  const line = planLines.find((l) => l.id === id)!;
  const t0 = performance.now();
  const r = runScenario(parseScenario(uecValidateScenario(plan, line, 1)));
  const wall = (performance.now() - t0) / 1000;
  console.log(plan, id, line.experiment, "wall", wall.toFixed(1), "s", JSON.stringify(r.completions), JSON.stringify(r.recovery?.total), "events", r.events);
}
