/** The built-in controller kinds, the only list of them. */
import { Registry, type SpecOf } from "@losslab/kinds";
import type { ControllerDefinition } from "./controller-definition.js";
import { dcqcnDefinition } from "./dcqcn.js";
import { hpccDefinition } from "./hpcc.js";
import { hybridDefinition } from "./hybrid.js";
import { ibCcaDefinition } from "./ib-cca.js";
import { mvcmDefinition } from "./mvcm.js";
import { noControllerDefinition } from "./no-controller.js";
import { nsccDefinition } from "./nscc.js";
import { perAckDefinition } from "./per-ack.js";
import { qcnDefinition } from "./qcn.js";
import { timelyDefinition } from "./timely.js";
import { turnerRateDefinition } from "./turner-rate.js";

/** The built-in controllers. Adding one: write its module with its definition, then add it here. */
const builtIn = [
  noControllerDefinition,
  perAckDefinition,
  hybridDefinition,
  turnerRateDefinition,
  mvcmDefinition,
  qcnDefinition,
  ibCcaDefinition,
  dcqcnDefinition,
  timelyDefinition,
  hpccDefinition,
  nsccDefinition,
] as const;

/**
 * The built-in controller kinds, the only list of them: the scenario schema, its JSON Schema
 * and the README's table derive from it. `controllers.create(spec, context)` checks a spec (a
 * `KindError` naming `controller.<field>`) and builds its factories; a plugin's kinds join
 * with `controllers.with([...])`.
 *
 * @example
 * ```ts
 * const { reliable } = controllers.create(
 *   { kind: "per-ack", response: "lipd", mode: "discrete" },
 *   { lineRate: 1e9, packetBytes: 2048, ackBytes: 20 },
 * );
 * const controller = reliable!({ lineRate: 1e9, packetSize: 2048 });
 * ```
 */
export const controllers: Registry<ControllerDefinition> = new Registry<ControllerDefinition>("controller", builtIn);

/** A built-in controller as written in a scenario file, e.g. `{ kind: "per-ack", response: "lipd" }`. */
export type ControllerSpec = SpecOf<(typeof builtIn)[number]>;

/** The name of a built-in controller. */
export type ControllerKind = ControllerSpec["kind"];
