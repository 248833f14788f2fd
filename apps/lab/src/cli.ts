#!/usr/bin/env node
/**
 * The `losslab` command line (program.ts) as a process. User mistakes end with one line on
 * stderr and a non-zero exit; anything else is a bug and keeps its stack trace.
 */
import { runLosslab } from "./program.js";

// A command that ran may have set its own code (a failed claim, a failed point): keep it.
const code = await runLosslab(process.argv);
if (code !== 0) process.exitCode = code;
