/** Controller factories by name, so scenario files can refer to them ("per-ack"). */
import type { ControllerFactory } from "./controller.js";
import { type DcqcnParameters, dcqcn } from "./dcqcn.js";
import { type HpccParameters, hpcc } from "./hpcc.js";
import { type HybridParameters, hybrid } from "./hybrid.js";
import { type IbCcaParameters, ibCca } from "./ib-cca.js";
import { type MvcmParameters, mvcm } from "./mvcm.js";
import { type PerAckParameters, perAck } from "./per-ack.js";
import { type QcnParameters, qcn } from "./qcn.js";
import { type TimelyParameters, timely } from "./timely.js";
import { type TurnerRateParameters, turnerRate } from "./turner-rate.js";

/** The names {@link controllerFactory} knows. */
export const controllerNames = [
  "per-ack",
  "hybrid",
  "turner-rate",
  "mvcm",
  "ib-cca",
  "qcn",
  "dcqcn",
  "timely",
  "hpcc",
] as const;

/** A built-in controller's name. */
export type ControllerName = (typeof controllerNames)[number];

/** The parameters each built-in controller takes. */
export interface ControllerParameters {
  "per-ack": PerAckParameters;
  hybrid: HybridParameters;
  "turner-rate": TurnerRateParameters;
  mvcm: MvcmParameters;
  "ib-cca": IbCcaParameters;
  qcn: QcnParameters;
  dcqcn: DcqcnParameters;
  timely: TimelyParameters;
  hpcc: HpccParameters;
}

/** Each built-in name's factory builder. */
const factories: { readonly [Name in ControllerName]: (parameters: ControllerParameters[Name]) => ControllerFactory } =
  {
    "per-ack": perAck,
    hybrid,
    "turner-rate": turnerRate,
    mvcm,
    "ib-cca": ibCca,
    qcn,
    dcqcn,
    timely,
    hpcc,
  };

/**
 * A built-in controller factory by name: "per-ack" ({@link perAck}), "hybrid"
 * ({@link hybrid}), "turner-rate" ({@link turnerRate}), "mvcm" ({@link mvcm}), "ib-cca" ({@link ibCca}), "qcn" ({@link qcn}),
 * "dcqcn" ({@link dcqcn}), "timely" ({@link timely}) or "hpcc" ({@link hpcc}).
 *
 * When to use: when the name comes from data (a scenario file). In code, calling
 * `perAck(...)`, `hybrid(...)`, ... directly reads better.
 *
 * Gotchas: throws an Error naming the allowed values for an unknown name; parameters are
 * checked when the factory is built (and the rest when it is called with a flow).
 *
 * @example
 * ```ts
 * const factory = controllerFactory("per-ack", { response: "lipd", mode: "discrete" });
 * const controller = factory({ lineRate: 1e9, packetSize: 2048 });
 * ```
 */
export function controllerFactory<Name extends ControllerName>(
  name: Name,
  parameters: ControllerParameters[Name],
): ControllerFactory;
export function controllerFactory(name: string, parameters: object): ControllerFactory;
export function controllerFactory(name: string, parameters: object): ControllerFactory {
  if (typeof parameters !== "object" || parameters === null) {
    throw new Error(`controller "${name}": parameters must be an object`);
  }
  if (!Object.hasOwn(factories, name)) {
    throw new Error(`unknown controller "${name}"; allowed: ${controllerNames.map((n) => `"${n}"`).join(", ")}`);
  }
  return (factories[name as ControllerName] as (parameters: object) => ControllerFactory)(parameters);
}
