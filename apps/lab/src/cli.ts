#!/usr/bin/env node
/**
 * The `losslab` command line (program.ts) as a process. User mistakes end with one line on
 * stderr and a non-zero exit; anything else is a bug and keeps its stack trace.
 */
import { runLosslab } from "./program.js";

process.exitCode = await runLosslab(process.argv);
