import type { Packet } from "@losslab/core";

/** Per queue, at `queue * 3`: its first node, its last node (-1: empty) and its length. */
const HEAD = 0;
const TAIL = 1;
const LENGTH = 2;

/**
 * FIFO queues of packets, each entry with a tag (an output queue tags a packet with the input
 * it came from; the shared buffer's packets waiting to join their queue, with their output), as
 * linked lists in one pool of nodes in typed arrays: a node holds a packet, its tag and the next
 * node. Free nodes are chained from `free`, most recently freed first, so a push reuses a node
 * that is likely still in cache; the pool doubles when it runs out, so queueing allocates
 * nothing in the steady state. A queue's head, tail and length sit together in one Int32Array.
 * (STYLE.md "Hot data is flat": no JS array per queue.)
 */
export class PacketFifos {
  private readonly queues: Int32Array;
  private nodePacket: Int32Array;
  private nodeTag: Int32Array;
  private nodeNext: Int32Array;
  private free = -1;
  /** Filled by `toArray`, reused by the next call. */
  private readonly scratch: Packet[] = [];

  constructor(count: number, nodes = 16) {
    this.queues = new Int32Array(count * 3);
    for (let queue = 0; queue < count; queue++) {
      this.queues[queue * 3 + HEAD] = -1;
      this.queues[queue * 3 + TAIL] = -1;
    }
    this.nodePacket = new Int32Array(0);
    this.nodeTag = new Int32Array(0);
    this.nodeNext = new Int32Array(0);
    this.grow(nodes);
  }

  /** Packets in `queue`. */
  length(queue: number): number {
    return this.queues[queue * 3 + LENGTH]!;
  }

  /** Appends `packet`, tagged `tag`, to `queue`. */
  push(queue: number, packet: Packet, tag: number): void {
    if (this.free < 0) this.grow(this.nodeNext.length * 2);
    const node = this.free;
    this.free = this.nodeNext[node]!;
    this.nodePacket[node] = packet;
    this.nodeTag[node] = tag;
    this.nodeNext[node] = -1;
    const q = queue * 3;
    const queues = this.queues;
    const tail = queues[q + TAIL]!;
    if (tail < 0) queues[q + HEAD] = node;
    else this.nodeNext[tail] = node;
    queues[q + TAIL] = node;
    queues[q + LENGTH]!++;
  }

  /** The first packet of `queue`; -1 if it is empty. */
  head(queue: number): Packet {
    const node = this.queues[queue * 3 + HEAD]!;
    return node < 0 ? -1 : this.nodePacket[node]!;
  }

  /** The tag of the first packet of `queue` (which must not be empty). */
  headTag(queue: number): number {
    return this.nodeTag[this.queues[queue * 3 + HEAD]!]!;
  }

  /** Takes the first packet out of `queue` (which must not be empty) and returns it. */
  shift(queue: number): Packet {
    const q = queue * 3;
    const queues = this.queues;
    const node = queues[q + HEAD]!;
    const next = this.nodeNext[node]!;
    queues[q + HEAD] = next;
    if (next < 0) queues[q + TAIL] = -1;
    queues[q + LENGTH]!--;
    this.nodeNext[node] = this.free;
    this.free = node;
    return this.nodePacket[node]!;
  }

  /**
   * The packets of `queue`, first to last, in an array this object reuses: valid until the next
   * call (a marking policy reads it at once; SwitchView's "do not keep packets").
   */
  toArray(queue: number): readonly Packet[] {
    const out = this.scratch;
    out.length = 0;
    for (let node = this.queues[queue * 3 + HEAD]!; node >= 0; node = this.nodeNext[node]!) {
      out.push(this.nodePacket[node]!);
    }
    return out;
  }

  /** Doubles the pool to `nodes`, chaining the new nodes onto the free list. */
  private grow(nodes: number): void {
    const old = this.nodeNext.length;
    const packet = new Int32Array(nodes);
    packet.set(this.nodePacket);
    const tag = new Int32Array(nodes);
    tag.set(this.nodeTag);
    const next = new Int32Array(nodes);
    next.set(this.nodeNext);
    for (let node = nodes - 1; node >= old; node--) {
      next[node] = this.free;
      this.free = node;
    }
    this.nodePacket = packet;
    this.nodeTag = tag;
    this.nodeNext = next;
  }
}
