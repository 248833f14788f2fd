import { type Packet, PacketKind } from "@losslab/core";
import type { ControlQueue } from "./control-queue.js";
import type { Flow } from "./flow.js";

/**
 * RDMA READ requests (turner-2001 sec. 3 case 3, sec. 5.2): the requester sends an ACK-sized
 * request, queued with its ACKs; at the responder it starts the read response flow, which
 * sends the whole read (sized by its `packets`) to the requester.
 */
export class ReadRequests {
  constructor(
    private readonly name: string,
    private readonly vls: number,
    private readonly control: ControlQueue,
  ) {}

  /** At the requester: queues a read request for flow `flow` to `responder` on VL `vl`. */
  request(flow: number, responder: number, vl: number): void {
    if (!Number.isInteger(vl) || vl < 0 || vl >= this.vls) {
      throw new RangeError(
        `${this.name}: read request for flow ${flow} vl must be an integer 0..${this.vls - 1}, got ${vl}`,
      );
    }
    this.control.add(PacketKind.ReadRequest, flow, responder, 0, vl, 0, 1);
  }

  /**
   * At the responder: checks that `request` names `flow` (this host's flow of its id, if
   * any) as a read response flow toward the request's source, and returns it, to start.
   */
  arrived(request: Packet, flow: Flow | undefined): Flow {
    if (flow === undefined || !flow.readResponse) {
      throw new RangeError(
        `${this.name}: read request ${this.control.packets.id(request)} for flow ${this.control.packets.flow(request)}, which is not a read response flow of this host`,
      );
    }
    if (flow.destination !== this.control.packets.source(request)) {
      throw new RangeError(
        `${this.name}: read request for flow ${this.control.packets.flow(request)} from host ${this.control.packets.source(request)}, but the flow sends to host ${flow.destination}`,
      );
    }
    return flow;
  }
}
