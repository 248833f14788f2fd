import { defineEntropyPolicy } from "./entropy-policy.js";

/** Registry entry (entropy-policies.ts): no entropy, each flow keeps the path its hash picks (RFC 2991 sec. 2). */
export const singlePathDefinition = defineEntropyPolicy({
  kind: "ecmp",
  description:
    "one path per flow: packets carry no entropy and ECMP switches hash the flow alone (uet-htsim's -paths 1); arrival stays in order",
  parameters: {},
  create: () => undefined,
});
