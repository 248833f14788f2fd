import { closestName } from "@losslab/core";
import { type Engine, type EventHandler, us } from "@losslab/engine";
import type { Fabric } from "@losslab/fabric";
import type { Link } from "@losslab/switch";
import type { Routes } from "@losslab/topology";
import { formatList } from "./format-list.js";
import { Rerouting } from "./rerouting.js";
import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/** Frames lost to link failures: in all, and per failed link direction (`from->to`). */
export interface FailureSummary {
  lost: number;
  byLink: Record<string, number>;
  /** With `rerouting`: how many times recomputed routes took effect (putting the tables back included). */
  recomputations?: number;
}

const FAIL = 0;
const RECOVER = 1;

/**
 * The scenario's `failures`, scheduled on its links: each fails at `atUs` (both directions
 * unless `bothDirections` is false) and works again at `recoverUs` if given (`Link.fail`,
 * `Link.recover`). Frames on a failed link are lost and counted there; the switches' ECMP
 * leaves failed ports out while another equal-cost port remains (`RouteLookup`); PAUSE frames
 * still arrive, so no sender waits forever for an XON; under credits a lost frame's blocks
 * count as freed at its receiver and CBFC's counts are re-advertised when a link recovers
 * (`Link.fail`), so no sender waits forever for credits. A destination whose only port is
 * failed is cut off: its packets are lost at that port until it recovers, or, with the
 * scenario's `rerouting`, until the routes recomputed around it take effect (`Rerouting`).
 */
export class LinkFailures implements EventHandler<Link> {
  private readonly links: Link[] = [];

  /** The scenario's `rerouting`; undefined without it. */
  private readonly rerouting: Rerouting | undefined;

  constructor(engine: Engine, scenario: Scenario, fabric: Fabric, routes: Routes) {
    const names = [...fabric.links.keys()];
    for (const [i, failure] of scenario.failures.entries()) {
      const forward = fabric.links.get(failure.link);
      if (forward === undefined) {
        const near = closestName(failure.link, names);
        throw new ScenarioError(
          `failures[${i}].link: "${failure.link}" is not a link of the topology${near === undefined ? "" : ` (did you mean "${near}"?)`}; links are named from->to: ${formatList(names)}`,
        );
      }
      const [from, to] = failure.link.split("->");
      const both = failure.bothDirections ? [forward, fabric.links.get(`${to}->${from}`)!] : [forward];
      for (const link of both) {
        link.watchFailures();
        if (!this.links.includes(link)) this.links.push(link);
        engine.at(us(failure.atUs), this, FAIL, link);
        if (failure.recoverUs !== undefined) engine.at(us(failure.recoverUs), this, RECOVER, link);
      }
    }
    this.rerouting =
      scenario.rerouting === undefined || this.links.length === 0
        ? undefined
        : new Rerouting(engine, scenario.rerouting, routes, fabric, this.links);
  }

  handleEvent(kind: number, link: Link): void {
    if (kind === FAIL) link.fail();
    else link.recover();
    this.rerouting?.changed(link, kind === RECOVER);
  }

  /**
   * Adds the frames another part of a split run counted lost (its `summary().byLink`): a
   * frame is found lost where it arrives, at its receiver, so in the receiver's part alone
   * (docs/spec/parallel.md sec. 6).
   */
  absorb(byLink: Readonly<Record<string, number>>): void {
    for (const link of this.links) link.lostToFailure += byLink[link.name] ?? 0;
  }

  /** The frames lost, per link that failed; undefined when the scenario has no failures. */
  summary(): FailureSummary | undefined {
    if (this.links.length === 0) return undefined;
    const byLink: Record<string, number> = {};
    let lost = 0;
    for (const link of this.links) {
      byLink[link.name] = link.lostToFailure;
      lost += link.lostToFailure;
    }
    return this.rerouting === undefined
      ? { lost, byLink }
      : { lost, byLink, recomputations: this.rerouting.recomputations };
  }
}
