// The lab's public API: the `losslab` command line as a function (the presets, their results
// and charts are @losslab/reproductions').
export { runLosslab } from "./program.js";
