import { formatValue } from "@losslab/core";
import { KindError, type SpecOf } from "@losslab/kinds";
import { MAX_MESSAGE_BYTES } from "./check-spec.js";
import hadoop from "./data/hadoop.json" with { type: "json" };
import websearch from "./data/websearch.json" with { type: "json" };
import { defineSizeDistribution, type MessageSize } from "./size-definition.js";

/** The points of a flow-size CDF: [bytes, P(size <= bytes)], checked. */
type CdfPoints = readonly (readonly number[])[];

/**
 * The published flow-size CDFs shipped with the package (src/data/*.json, each naming its
 * source): `websearch`, DCTCP's web-search cluster (Alizadeh et al., SIGCOMM 2010, sec. 2.2,
 * Fig. 4); `hadoop`, Facebook's Hadoop cluster (Roy et al., SIGCOMM 2015). The points are
 * those of the HPCC repository's traffic_gen files, which public simulators use.
 */
const shippedCdfs = { websearch: websearch.points, hadoop: hadoop.points } as const;

/** The most points an explicit CDF may have. */
const MAX_CDF_POINTS = 10_000;

const empiricalParameters = {
  distribution: {
    type: "choice",
    values: ["websearch", "hadoop"],
    optional: true,
    description: "a published CDF: websearch (DCTCP, SIGCOMM 2010) or hadoop (Facebook, SIGCOMM 2015)",
  },
  points: {
    type: "list",
    items: {
      type: "list",
      items: { type: "number", min: 0, description: "bytes, then probability" },
      minItems: 2,
      maxItems: 2,
      description: "[bytes, P(size <= bytes)]",
    },
    minItems: 2,
    maxItems: MAX_CDF_POINTS,
    optional: true,
    description:
      "a CDF of your own: [[bytes, cumulative probability], ...], bytes increasing, probabilities non-decreasing to 1",
  },
} as const;

/** Throws a `KindError` for `field` of an explicit CDF. */
function reject(field: string, message: string): never {
  throw new KindError(field, `${field} ${message}`);
}

/**
 * Checks an explicit CDF: bytes whole and increasing (0 only in a first point of probability
 * 0: a message has at least one byte), probabilities in [0, 1], non-decreasing, the last 1.
 */
function checkPoints(points: CdfPoints, path: string): CdfPoints {
  const field = (index: number, column: 0 | 1) => `${path}.points[${index}][${column}]`;
  points.forEach(([bytes = 0, probability = 0], index) => {
    if (!Number.isInteger(bytes) || bytes > MAX_MESSAGE_BYTES) {
      reject(field(index, 0), `(bytes) must be an integer from 0 to ${MAX_MESSAGE_BYTES}, got ${formatValue(bytes)}`);
    }
    if (probability > 1) {
      reject(field(index, 1), `(a cumulative probability, not a percentage) must be <= 1, got ${probability}`);
    }
    const previous = points[index - 1];
    if (previous !== undefined && bytes <= (previous[0] as number)) {
      reject(field(index, 0), `(bytes) must be greater than the previous point's ${previous[0]}, got ${bytes}`);
    }
    if (previous !== undefined && probability < (previous[1] as number)) {
      reject(field(index, 1), `(probability) must be >= the previous point's ${previous[1]}, got ${probability}`);
    }
    if (bytes === 0 && probability > 0) {
      reject(field(index, 1), `must be 0 at 0 bytes (a message has at least 1 byte), got ${probability}`);
    }
    if (index === points.length - 1 && probability !== 1) {
      reject(field(index, 1), `(the last point's probability) must be 1, got ${probability}`);
    }
  });
  return points;
}

/**
 * An empirical size distribution from CDF points (b_i, p_i). A size is drawn by inverting the
 * CDF with linear interpolation between points, as the HPCC traffic generator and the
 * simulators fed by it do: for a uniform u in [0, 1), the segment with p_(i-1) <= u < p_i
 * gives x = b_(i-1) + (b_i - b_(i-1)) (u - p_(i-1)) / (p_i - p_(i-1)), and the size is
 * ceil(x) (at least 1), so P(size <= k) is the interpolated CDF at each whole k. u < p_0 gives
 * b_0: a first point of probability p_0 > 0 is an atom. One uniform draw per size.
 *
 * The mean is exact for these whole sizes: p_0 b_0 + sum over segments of
 * (p_i - p_(i-1)) ((b_(i-1) + b_i) / 2 + 1/2), as ceil of a uniform on (a, b] with whole a, b
 * is uniform on a+1..b. That is the piecewise-linear CDF's mean plus half a byte per unit of
 * probability on segments.
 */
function empiricalSize(points: CdfPoints): MessageSize {
  const bytes = Float64Array.from(points, ([b]) => b as number);
  const probabilities = Float64Array.from(points, ([, p]) => p as number);
  let mean = (probabilities[0] as number) * (bytes[0] as number);
  for (let i = 1; i < points.length; i++) {
    const mass = (probabilities[i] as number) - (probabilities[i - 1] as number);
    mean += mass * (((bytes[i - 1] as number) + (bytes[i] as number)) / 2 + 0.5);
  }
  const last = points.length - 1;
  return {
    mean,
    draw(stream) {
      const u = stream.next();
      // The first point whose probability exceeds u (the last one is 1 > u): binary search.
      let low = 0;
      let high = last;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((probabilities[middle] as number) > u) high = middle;
        else low = middle + 1;
      }
      if (low === 0) return bytes[0] as number;
      const b0 = bytes[low - 1] as number;
      const p0 = probabilities[low - 1] as number;
      const x = b0 + ((bytes[low] as number) - b0) * ((u - p0) / ((probabilities[low] as number) - p0));
      return Math.max(1, Math.ceil(x));
    },
  };
}

/** Registry entry (message-size.ts). */
export const empiricalSizeDefinition = defineSizeDistribution({
  kind: "cdf",
  description:
    "sizes from a flow-size CDF, inverted with linear interpolation between points: a published one (`distribution`) or your own (`points`)",
  parameters: empiricalParameters,
  create: ({ distribution, points }, { path }) => {
    if ((distribution === undefined) === (points === undefined)) {
      const got = distribution === undefined ? "neither" : "both";
      throw new KindError(
        path,
        `${path} must have exactly one of "distribution" (${Object.keys(shippedCdfs).join(", ")}) or "points", got ${got}`,
      );
    }
    return empiricalSize(distribution !== undefined ? shippedCdfs[distribution] : checkPoints(points ?? [], path));
  },
});

/** A CDF size distribution as written in a spec: `{ kind: "cdf", distribution: "websearch" }` or `{ kind: "cdf", points }`. */
export type EmpiricalSizeSpec = SpecOf<typeof empiricalSizeDefinition>;
