import { creditsFor, type InboundLink, type OutboundLink } from "@losslab/core";
import { OptionError } from "@losslab/kinds";
import type { ControlledBuffers, FlowControlDefinition, PauseSettings } from "./flow-control.js";
import { flowControlOf } from "./flow-controls.js";
import type { InputSideContext } from "./input-side-context.js";

/**
 * What every input side derives from the options every switch has, checked once: the size of
 * each (input, VL) buffer in whole credit blocks (at least one maximum-size packet), the flow
 * control's settings for it (`inputSettings`: PAUSE thresholds, undefined for credits), the
 * links into the inputs (credits go back over them) and the flow control's rule for each
 * link (`checkLink`: PAUSE's headroom above XOFF).
 */
export class InputLimits {
  /** Of one (input, VL) buffer. */
  readonly capacityBlocks: number;
  readonly capacityBytes: number;
  /** Blocks of one maximum-size packet. */
  readonly packetBlocks: number;
  /** PAUSE settings; undefined with credits. */
  readonly settings: PauseSettings | undefined;
  private readonly flowControl: FlowControlDefinition | undefined;
  private readonly governed: ControlledBuffers;
  private readonly links: (InboundLink | undefined)[] = [];
  private readonly name: string;

  constructor({ name, ports, vls, inputBufferBytes, maxPacketBytes, creditBytes, flowControl }: InputSideContext) {
    this.name = name;
    this.capacityBlocks = Math.floor(inputBufferBytes / creditBytes);
    this.capacityBytes = this.capacityBlocks * creditBytes;
    this.packetBlocks = creditsFor(maxPacketBytes, creditBytes);
    if (!(this.capacityBlocks >= this.packetBlocks)) {
      throw OptionError.of(
        name,
        "inputBufferBytes",
        `cannot hold one ${maxPacketBytes} B packet: it is ${this.capacityBlocks} credit blocks of ${creditBytes} B, the packet needs ${this.packetBlocks}`,
        { value: inputBufferBytes, limit: this.packetBlocks * creditBytes },
      );
    }
    this.governed = { name, capacityBytes: this.capacityBytes, vls, maxPacketBytes };
    if (flowControl !== undefined) {
      this.flowControl = flowControlOf(flowControl, name);
      this.settings = this.flowControl.inputSettings(flowControl, this.governed);
    }
    for (let port = 0; port < ports; port++) this.links.push(undefined);
  }

  /** The link into `port`, over which credits return. */
  connect(port: number, link: InboundLink): void {
    this.links[port] = link;
  }

  /** The link into `port`; undefined before it is connected. */
  link(port: number): InboundLink | undefined {
    return this.links[port];
  }

  /**
   * Once both directions of `port` are connected (`outbound` is the reverse link), the flow
   * control's rule for the link into its buffers (`checkLink`; PAUSE: room above XOFF for
   * everything that can still arrive, `pauseHeadroom`, assuming the upstream device reacts
   * within this switch's `reactionDelay`). Every priority's buffer has the same size and
   * thresholds, and all of the link's rate may be one priority's, so one check covers them all.
   */
  checkHeadroom(port: number, outbound: OutboundLink | undefined): void {
    const inbound = this.links[port];
    const settings = this.settings;
    const flowControl = this.flowControl;
    if (settings === undefined || flowControl?.checkLink === undefined || inbound === undefined) return;
    if (outbound === undefined) return;
    flowControl.checkLink(
      settings,
      { ...this.governed, name: `${this.name} input ${port}` },
      {
        bandwidth: inbound.bandwidth,
        delay: inbound.delay,
        reverseBandwidth: outbound.bandwidth,
        reverseDelay: inbound.backDelay,
        overheadBytes: inbound.overheadBytes,
      },
    );
  }
}
