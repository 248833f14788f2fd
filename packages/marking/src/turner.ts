import { CongestionBit, creditsFor, type Packet, type SwitchView } from "@losslab/core";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import { markPacket } from "./mark-packet.js";
import type { MarkingContext } from "./marking-context.js";
import { defineMarkingPolicy } from "./marking-definition.js";
import { StartedPackets } from "./started-packets.js";

/** turner-2001's marking at one switch, with its decisions counted by kind. */
export interface TurnerPolicy extends CountedMarkingPolicy {
  /** Data packets marked as propagating congestion: waiting in a full input VL buffer (sec. 4.a). */
  readonly propagating: number;
  /** Data packets marked as generating congestion: flagged at a root output VL and sent on it (sec. 4.b.iii). */
  readonly generating: number;
  /** Flagged data packets left unmarked because their output VL blocked before they left (sec. 4.b.iii). */
  readonly revoked: number;
  /** Data packets marked because their output VL blocked toward a non-compliant switch (sec. 6.1's optimisation). */
  readonly blocked: number;
  /** Flagged data packets still waiting to leave on output VL `vl` of `output`, to be marked when they do. */
  pendingGenerating(output: number, vl?: number): number;
}

/** The factory of `turner()`: also sums its policies' counts by kind. */
export interface TurnerMarkingFactory extends CountedMarkingFactory<TurnerPolicy> {
  readonly propagating: number;
  readonly generating: number;
  readonly revoked: number;
  readonly blocked: number;
}

/** What `turner` may use of the context: the fabric (sec. 6.1) and the subnet manager (sec. 6.2). */
export type TurnerContext = Partial<Pick<MarkingContext, "fabric" | "subnetManager">>;

/** InfiniBand links carry "up to sixteen" VLs (turner-2001 sec. 2, footnote 3): state per output is per VL. */
const VL_COUNT = 16;

/** What this switch decided about a packet (bits), so each decision counts once per packet. */
const PROPAGATING = 1;
const GENERATING = 2;
const BLOCKED = 4;

/**
 * One switch's congestion detection of turner-2001 sec. 4. A full input VL buffer marks the
 * data packets in it (propagating) and examines the output VLs they are destined to; each
 * such output VL with credits for a maximum-size packet is a root, and the data packets then
 * in the switch for it are flagged, to be marked as they leave on it. An output VL that
 * blocks for want of credits revokes its pending flags (one epoch per output VL: bumping it
 * unflags them all at once).
 */
class TurnerMarking implements TurnerPolicy {
  readonly switchName: string;
  marked = 0;
  propagating = 0;
  generating = 0;
  revoked = 0;
  blocked = 0;
  private readonly view: SwitchView;
  /** Credit blocks of one maximum-size packet: an output VL with fewer is blocked. */
  private readonly packetBlocks: number;
  private readonly started: StartedPackets;
  /** Id of a packet in this switch -> the decisions (`GENERATING`, `BLOCKED`, ...) taken on it; ids, as packets are recycled. */
  private readonly decisions = new Map<number, number>();
  /** Id of a flagged packet -> its output VL's epoch when it was flagged; a later epoch means revoked. */
  private readonly flags = new Map<number, number>();
  /** Per output VL (`output * VL_COUNT + vl`): the current epoch and its flagged packets still in the switch. */
  private readonly epochs: Int32Array;
  private readonly pending: Int32Array;
  /** Per output: 1 if sec. 6.1's optimisation applies to it (the next switch is non-compliant). */
  private readonly towardNonCompliant: Uint8Array;

  constructor(
    view: SwitchView,
    private readonly context: TurnerContext,
    markBlockedTowardNonCompliant: boolean,
  ) {
    this.view = view;
    this.switchName = view.name;
    this.started = new StartedPackets(view);
    this.packetBlocks = creditsFor(view.maxPacketBytes, view.creditBytes);
    this.epochs = new Int32Array(view.portCount * VL_COUNT);
    this.pending = new Int32Array(view.portCount * VL_COUNT);
    this.towardNonCompliant = new Uint8Array(view.portCount);
    const fabric = context.fabric;
    if (markBlockedTowardNonCompliant && fabric !== undefined) {
      for (let output = 0; output < view.portCount; output++) {
        if (fabric.nextIsNonCompliant(view.name, output)) this.towardNonCompliant[output] = 1;
      }
    }
  }

  /**
   * Sec. 4.a: "the detection ... is triggered when buffers associated with an input VL become
   * full ... all data packets in the full input buffer are marked". Sec. 4.b.i: "each output
   * VL which is the destination for at least one data packet in the full input queue is
   * considered a candidate root". A packet whose transmission has started is no longer in the
   * queue for either purpose: it "cannot be marked anymore" (santos-2002 footnote 5).
   */
  bufferFull(input: number, vl = 0): void {
    checkVl(vl);
    const view = this.view;
    const candidates: number[] = [];
    for (const packet of view.inputPackets(input)) {
      if (this.view.packets.vl(packet) !== vl || !this.view.packets.isData(packet) || this.started.has(packet))
        continue;
      if (this.decide(packet, PROPAGATING)) this.propagating++;
      const output = view.outputOf(packet);
      if (output >= 0 && !candidates.includes(output)) candidates.push(output);
    }
    for (const output of candidates) if (this.isRoot(output, vl)) this.flagRoot(output, vl);
  }

  /**
   * Sec. 4.b.ii: "if the output VL is blocked, i.e. it does not have credits for sending data
   * packets, then the VL is not considered the root"; otherwise it is. Blocked: fewer credits
   * than one maximum-size packet needs, the mirror of a full buffer downstream ("the lack of
   * credits indicates that the input buffer in the next switch is full").
   */
  private isRoot(output: number, vl: number): boolean {
    return this.view.outputCredits(output, vl) >= this.packetBlocks;
  }

  /**
   * Sec. 4.b.iii: "all data packets present in the switch and destined to this output VL at
   * this particular instant ... should be marked at the time of their transmission": in the
   * input buffers and, on a switch with output buffers, in its output buffer; not one that has
   * started. Flagging a packet already flagged in the current epoch changes nothing.
   */
  private flagRoot(output: number, vl: number): void {
    const view = this.view;
    const slot = slotOf(output, vl);
    const epoch = this.epochs[slot]!;
    const flag = (packet: Packet): void => {
      if (
        this.view.packets.vl(packet) !== vl ||
        !this.view.packets.isData(packet) ||
        this.started.has(packet) ||
        this.flags.get(this.view.packets.id(packet)) === epoch
      )
        return;
      this.flags.set(this.view.packets.id(packet), epoch);
      this.pending[slot]!++;
    };
    for (let input = 0; input < view.portCount; input++) {
      for (const packet of view.inputPackets(input)) if (view.outputOf(packet) === output) flag(packet);
    }
    for (const packet of view.outputPackets(output)) flag(packet);
  }

  /** A flagged packet of the current epoch is marked as it leaves (sec. 4.b.iii). */
  packetDeparting(packet: Packet, _input: number, output: number): void {
    this.started.add(packet, output);
    const flagged = this.flags.get(this.view.packets.id(packet));
    if (flagged !== undefined) {
      this.flags.delete(this.view.packets.id(packet));
      const slot = slotOf(output, this.view.packets.vl(packet));
      if (flagged === this.epochs[slot]) {
        this.pending[slot]!--;
        if (this.decide(packet, GENERATING)) this.generating++;
      } // else revoked
    }
    if (this.decisions.size > 0) this.decisions.delete(this.view.packets.id(packet)); // it leaves the switch
  }

  /**
   * Sec. 4.b.ii-iii: "if at any time in the future the VL runs out of credits and blocks, then
   * the decision is revoked"; "the subset of the initially identified data packets that are
   * still in the switch are not marked". Packets already sent stay marked.
   */
  outputBlocked(output: number, vl: number): void {
    const slot = slotOf(output, vl);
    const pending = this.pending[slot]!;
    if (pending > 0) {
      this.revoked += pending;
      this.pending[slot] = 0;
      this.epochs[slot]!++;
    }
    if (this.towardNonCompliant[output] === 1) this.markBlocked(output, vl);
  }

  /**
   * Sec. 6.1's optimisation: the next switch cannot mark, so the packets here waiting for
   * the blocked output VL are marked at once, "as soon as the output VL runs out of credit,
   * instead of having to wait until congestion spreading reaches an input VL of the
   * compliant switch". Models report a block each time a start is refused, so packets that
   * join the output VL while it stays blocked are marked too.
   */
  private markBlocked(output: number, vl: number): void {
    const view = this.view;
    const mark = (packet: Packet): void => {
      if (this.view.packets.vl(packet) !== vl || !this.view.packets.isData(packet) || this.started.has(packet)) return;
      if (this.decide(packet, BLOCKED)) this.blocked++;
    };
    for (let input = 0; input < view.portCount; input++) {
      for (const packet of view.inputPackets(input)) if (view.outputOf(packet) === output) mark(packet);
    }
    for (const packet of view.outputPackets(output)) mark(packet);
  }

  pendingGenerating(output: number, vl = 0): number {
    return this.pending[slotOf(output, vl)]!;
  }

  /** Records decision `kind` on a data packet (marking it) and whether it is new; `marked` counts each packet once. */
  private decide(packet: Packet, kind: number): boolean {
    const before = this.decisions.get(this.view.packets.id(packet)) ?? 0;
    if ((before & kind) !== 0) return false;
    if (before === 0) this.marked++;
    this.decisions.set(this.view.packets.id(packet), before | kind);
    // Sec. 6.2: "Every time a switch detects congestion and sets the ECN bit of a data packet
    // for which the DLID corresponds to a non compliant CA, the switch should generate a CN
    // packet to the Subnet Manager ... If a packet had the ECN bit already set to 1 ... the
    // current switch should not generate a new CN packet".
    const fresh = (this.view.packets.bits(packet) & CongestionBit.Ecn) === 0;
    markPacket(this.view.packets, packet);
    const manager = this.context.subnetManager;
    if (fresh && manager?.nonCompliantHosts.has(this.view.packets.destination(packet))) {
      this.view.notify(manager.host, packet, manager.noticeBytes);
    }
    return true;
  }
}

function checkVl(vl: number): void {
  if (!(Number.isInteger(vl) && vl >= 0 && vl < VL_COUNT)) {
    throw new RangeError(`turner marking: VL ${vl} out of range 0..${VL_COUNT - 1}`);
  }
}

/** The index of output VL `vl` of `output` in the per-output-VL arrays. */
function slotOf(output: number, vl: number): number {
  checkVl(vl);
  return output * VL_COUNT + vl;
}

/**
 * The congestion detection of turner-2001 sec. 4, per switch and per VL: when an input VL
 * buffer becomes full, its data packets are marked (propagating congestion), and each output
 * VL they are destined to that still has credits for a maximum-size packet is a root: the
 * data packets in the switch for it at that instant are marked as they leave on it
 * (generating congestion), unless the output VL blocks for want of credits first. No
 * parameters. A non-compliant switch (sec. 6.1) is one built with `noMarking()`. From the
 * context: `fabric` (needed with `markBlockedTowardNonCompliant`, sec. 6.1) and
 * `subnetManager` (sec. 6.2: CN packets about marks on packets to non-compliant CAs).
 *
 * @throws TypeError with `markBlockedTowardNonCompliant` but without the context's `fabric`.
 * @example
 * const marking = turner();
 * new InputBufferedSwitch(engine, { ...options, marking });
 * // ... run ...
 * [marking.propagating, marking.generating, marking.revoked];
 */
export function turner(
  context: TurnerContext = {},
  options: { markBlockedTowardNonCompliant?: boolean } = {},
): TurnerMarkingFactory {
  const markBlocked = options.markBlockedTowardNonCompliant ?? false;
  if (markBlocked && context.fabric === undefined) {
    throw new TypeError(
      "turner marking: markBlockedTowardNonCompliant needs the context's fabric, to know which outputs lead to non-compliant switches",
    );
  }
  const factory = countedFactory<TurnerPolicy>("turner", (view) => new TurnerMarking(view, context, markBlocked));
  const sum = (count: "propagating" | "generating" | "revoked" | "blocked") => ({
    get: () => factory.policies.reduce((total, policy) => total + policy[count], 0),
    enumerable: true,
  });
  return Object.defineProperties(factory, {
    propagating: sum("propagating"),
    generating: sum("generating"),
    revoked: sum("revoked"),
    blocked: sum("blocked"),
  }) as TurnerMarkingFactory;
}

/**
 * Registry entry (marking-policies.ts). The mechanism has no parameters ("it does not require
 * configuration of any special parameter", sec. 2); the one option is the optimisation sec.
 * 6.1 suggests for fabrics with non-compliant switches.
 */
export const turnerDefinition = defineMarkingPolicy({
  kind: "turner",
  description: "turner-2001 sec. 4: full input VL buffers mark propagating packets and pick roots by output credits",
  parameters: {
    markBlockedTowardNonCompliant: {
      type: "boolean",
      default: false,
      description:
        "sec. 6.1's optimisation: mark packets for an output VL that blocks toward a non-compliant switch (needs the context's fabric: in scenarios, nonCompliant.switches)",
    },
  },
  // Sec. 6.1 reads the fabric, sec. 6.2 reports to the subnet manager: each when the run has it.
  uses: ["fabric?", "subnetManager?"],
  create: (values, context) => turner(context, values),
});
