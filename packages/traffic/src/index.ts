export type { GreedyFlow } from "./greedy-flow.js";
export { type StaggeredOptions, staggered } from "./staggered.js";
