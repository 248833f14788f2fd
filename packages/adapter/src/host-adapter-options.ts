import type { ClassScheduling, PacketStore } from "@losslab/core";
import type { Time } from "@losslab/engine";
import type { EntropyPolicyFactory } from "./entropy-policy.js";
import type { ReceiverCreditOptions } from "./receiver-credit-options.js";

/** The options of a `HostAdapter`; the package README says which file holds the mechanism each tunes. */
export interface HostAdapterOptions {
  name: string;
  /** This host's index in the routing tables. */
  host: number;
  packets: PacketStore;
  /** Size of an ACK on the wire (santos-2002 Table 1: 20 B). */
  ackBytes?: number;
  creditBytes?: number;
  /**
   * Ports (default 1). Data and ACKs always leave on port 0; packets may arrive on any port.
   * A unidirectional butterfly gives each host 2: injection into stage 0 on port 0,
   * delivery from the last stage on port 1.
   */
  ports?: number;
  /**
   * From the last byte of a PAUSE frame received on port 0 to when the adapter honours it
   * (starts no new frame of that priority; a frame on the wire finishes). Default
   * `DEFAULT_PAUSE_REACTION_DELAY` (3.072 us, 802.3 Annex 31B's bound at 10 Gb/s).
   */
  pauseReactionDelay?: Time;
  /**
   * Return an ACK for every data packet received (default true: the reliable transports of
   * santos-2002, turner-2001, ferrer-2012). False for raw lossless-Ethernet traffic
   * (chrysos): no ACKs, so this host's flows count nothing outstanding and windows never bind.
   */
  acks?: boolean;
  /**
   * How the rate limiter spaces a flow's packets: "since-start" (default; santos-2002 as
   * losslab reads it: `bytes / rate` after the previous packet's start) or "scheduled"
   * (after the previous packet's scheduled time when the port delayed it by less than one
   * gap, so flows sharing a port at a combined rate near the line rate each get their
   * rate; a longer hold restarts the schedule, so there is never a catch-up burst).
   */
  pacing?: "since-start" | "scheduled";
  /**
   * ACK coalescing at this host as a destination (turner-2001 sec. 3): one ACK may cover up
   * to this many data packets of a reliable flow (default 1: an ACK per packet). A packet
   * with a congestion bit or AckReq, and the N-th pending packet, are acknowledged at once,
   * with the ones pending before them.
   */
  ackCoalescing?: number;
  /**
   * With `ackCoalescing` > 1 (then required): the longest an unmarked packet waits for its
   * ACK, from its arrival. `Infinity` is turner's rule alone (AckReq and N), under which a
   * window cut below the packets in flight can block a flow for good (see the README).
   */
  ackCoalescingTimeout?: Time;
  /**
   * A retransmitting transport (Ultra Ethernet's; `Retransmission`): this host's flows send a
   * packet again when a NACK names it (its payload was trimmed) or when it has been
   * outstanding this long without an ACK; as a destination it NACKs trimmed packets and
   * delivers each packet once (a duplicate is ACKed, not delivered). Needs `ackCoalescing` 1.
   * Default: none (a trimmed packet arriving here throws, as a loss would).
   */
  retransmitTimeout?: Time;
  /**
   * With `retransmitTimeout`: the priorities (VLs) whose flows retransmit (default all). A
   * flow of another priority sends each packet once, as on a lossless fabric, so queueing
   * under PFC never sets off spurious timeouts there.
   */
  retransmitPriorities?: readonly number[];
  /**
   * False for a CA that does not implement congestion control (turner-2001 sec. 6.2): its
   * flows take no controller and ignore marks; only their static rate (`rate`,
   * `setStaticRate`, `setStaticIpd`) limits them. As a destination it knows no congestion
   * bits: its ACKs echo none and it sends no CN packets (to sources or to a manager), so a
   * flow toward it is throttled only through the switches' CNs to the manager. Default true.
   */
  compliant?: boolean;
  /**
   * Hosts the subnet manager announced as non-compliant (sec. 6.2). A marked data packet
   * from one of them makes this host send a CN packet to `managerHost` (as well as the
   * usual ACK of a reliable flow; an unreliable flow's CN goes to the manager instead).
   */
  nonCompliantSources?: readonly number[];
  /** The subnet manager's host index: where CN packets about non-compliant sources go. */
  managerHost?: number;
  /**
   * DCQCN's notification point (Zhu et al., SIGCOMM 2015; spec/algorithms.md): as a
   * destination, report marks by CNPs alone, at most one per flow per `cnpInterval` (DCQCN:
   * 50 us), sent when a data packet with the ECN bit arrives and none went to that flow
   * within the interval; ACKs then echo no congestion bits (RoCE's ACKs carry none).
   * Default: none (marks echoed in ACKs, a CN packet per marked unreliable packet).
   */
  cnpInterval?: Time;
  /**
   * Virtual lanes of port 0 toward the switch, 1..15 (default 1; turner-2001 sec. 2): one
   * credit account per VL, each with the credits of the switch's buffer for that VL. A flow
   * sends on `FlowOptions.vl`; a VL without credits does not hold back the others. With
   * more than one, data packets are picked by weighted round robin over the VLs (`vlWeights`).
   */
  vls?: number;
  /**
   * With `vls` > 1: the weight of each VL in port 0's VL arbitration, in data packets per
   * turn (default all 1), as a switch output's (`VlArbitration` of `@losslab/core`).
   */
  vlWeights?: readonly number[];
  /**
   * TIMELY's feedback (Mittal et al., SIGCOMM 2015, sec. 4): every ACK gives its flow's
   * controller an RTT sample (`AckEvent.rtt`, ps): the ACK's arrival minus the send time of
   * the data packet it acknowledges (which the ACK echoes) minus that packet's wire time on
   * this host's link (`rtt-sample.ts`). Default false.
   */
  rttSamples?: boolean;
  /**
   * HPCC's feedback (Li et al., SIGCOMM 2019, sec. 3): this host's data packets ask the
   * switches for INT records (switches with `telemetry` push one per egress port); ACKs
   * echo them and the flow's controller gets them in path order (`AckEvent.telemetry`).
   * Default false.
   */
  telemetry?: boolean;
  /**
   * With `vls` > 1: how port 0 picks the VL of its next data packet (`ClassScheduling` of
   * `@losslab/core`): "wrr" (default, `vlWeights`), "strict" (the highest VL first, as
   * 802.1Q orders priorities) or "dwrr" (deficit round robin in bytes, `vlQuantaBytes`;
   * Shreedhar and Varghese 1995). ACKs, CN packets and read requests go before data anyway.
   */
  vlScheduling?: ClassScheduling;
  /** With `vlScheduling` "dwrr" (then required): each VL's quantum, bytes per round. */
  vlQuantaBytes?: readonly number[];
  /**
   * The VL (PFC priority) of the frames this host makes besides data: ACKs, CN packets and
   * RDMA READ requests, instead of the data packet's (or the requested flow's) VL. A higher
   * class than data keeps them out of the data's queues and pauses (RoCE deployments give
   * CNPs a priority of their own). Default: the data packet's VL.
   */
  controlVl?: number;
  /**
   * Receiver credits, Ultra Ethernet's RCCC (`receiver-credit-options.ts`, docs/spec/uec.md
   * sec. 3): this host's reliable flows send only with credit (`sender-credit.ts`), beyond a
   * first window, and as a destination it paces pulls that grant it (`pull-pacer.ts`). With a
   * controller (NSCC) too, a flow's window and its credit both bind. Default: none.
   */
  receiverCredits?: ReceiverCreditOptions;
  /**
   * Multipath (docs/spec/uec.md sec. 4): how each flow of this host picks the entropy value of
   * its data packets (a kind of `entropyPolicies`: oblivious, round-robin, REPS, bitmap, mixed), which ECMP
   * switches hash with the flow; ACKs echo it back. Default: none, each flow keeps one path.
   * As a destination the adapter accepts packets in any order and acknowledges each one.
   */
  entropy?: EntropyPolicyFactory;
}
