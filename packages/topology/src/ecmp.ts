/**
 * Equal-cost multipath (ECMP) by flow hashing: a switch with several equally short ports
 * toward a destination sends each packet on the member a hash of its flow selects, the
 * "hash-threshold"/modulo-N scheme of RFC 2991 sec. 4 and RFC 2992. All packets of a flow
 * hash alike, so a flow keeps one path and arrives in order (RFC 2991 sec. 2).
 *
 * The hash is salted per switch. With one unsalted hash everywhere, the switches of
 * successive tiers make the same choice: in a k = 4 fat tree an edge switch sends the flows
 * with hash mod 2 = j to aggregation switch j, which then sees only such flows and sends them
 * all to its core j; two of the four cores carry everything. That is hash "polarisation"
 * (Cisco's "CEF Polarization" technote 116376, whose remedy is the same: a per-router seed
 * in the hash); a per-switch seed makes the tiers' choices independent.
 *
 * Everything here is integer arithmetic on numbers: no strings, no allocation per packet.
 */

/** One 32-bit word into a Murmur3-style running hash (Appleby's MurmurHash3 x86_32 block step). */
function mixWord(hash: number, word: number): number {
  let w = Math.imul(word | 0, 0xcc9e2d51);
  w = (w << 15) | (w >>> 17);
  w = Math.imul(w, 0x1b873593);
  const h = (hash ^ w) | 0;
  return (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
}

/** MurmurHash3's finaliser: every input bit affects every output bit. */
function finish(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The flow hash a switch with seed `salt` computes for a packet of flow `flow` from host
 * `source` to host `destination` (packet fields, host indices): an unsigned 32-bit integer,
 * the same on every run. An ACK carries its data packet's flow but the reverse source and
 * destination, so it hashes on its own. MurmurHash3 x86_32 of the three words seeded with
 * `salt` (12: their length in bytes, mixed in before the finaliser as MurmurHash3 does).
 */
export function flowHash(salt: number, flow: number, source: number, destination: number): number {
  return finish(mixWord(mixWord(mixWord(salt | 0, flow), source), destination) ^ 12);
}

/**
 * The hash of a packet that carries an entropy value (`entropy` >= 0): `flowHash`'s three
 * words and the entropy, so a source spreads one flow over the group's members by changing
 * the entropy per packet (uet-htsim's `ecmp_host`: hash of flow id, EV and a per-switch salt,
 * dc/fat_tree_switch.cpp:338-339; docs/spec/uec.md sec. 4). 16: the length of four words.
 */
export function entropyHash(salt: number, flow: number, source: number, destination: number, entropy: number): number {
  return finish(mixWord(mixWord(mixWord(mixWord(salt | 0, flow), source), destination), entropy) ^ 16);
}

/**
 * The per-switch seed of `flowHash`: the FNV-1a hash of the switch's id, so it does not
 * depend on the order nodes are listed in. Computed once per switch, when tables are built.
 */
export function ecmpSalt(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * A routing-table entry below -1 names an ECMP group: `-2 - offset`, where `groups[offset]`
 * is the member count c and `groups[offset + 1 .. offset + c]` the ports.
 */
export const groupEntry = (offset: number): number => -2 - offset;

/**
 * The port a switch sends a packet on for table entry `entry` when it names an ECMP group of
 * `groups` (`entry < -1`): member `flowHash(...) mod count`, or `entropyHash(...) mod count`
 * for a packet with an entropy value (`entropy` >= 0; -1, the default, is none). The hot path
 * of a multipath lookup: a few integer multiplications and two typed-array reads.
 */
export function ecmpPort(
  groups: Int32Array,
  entry: number,
  salt: number,
  flow: number,
  source: number,
  destination: number,
  entropy = -1,
): number {
  const offset = -2 - entry;
  const count = groups[offset] as number;
  const hash =
    entropy < 0 ? flowHash(salt, flow, source, destination) : entropyHash(salt, flow, source, destination, entropy);
  return groups[offset + 1 + (hash % count)] as number;
}

/**
 * What a switch model needs to forward: `ports[destination]` is the output port for each
 * destination host index, -1 where there is none, or an ECMP group entry (below -1) into
 * `groups`, resolved with `ecmpPort(groups, entry, salt, flow, source, destination)`.
 * `groups` is empty when every entry is a single port.
 */
export interface Forwarding {
  /** 16-bit entries when they fit (see `buildRoutes`), else 32-bit. */
  readonly ports: Int16Array | Int32Array;
  readonly groups: Int32Array;
  readonly salt: number;
}
