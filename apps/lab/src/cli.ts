#!/usr/bin/env node
/**
 * The `losslab` command line (program.ts) as a process. User mistakes end with one line on
 * stderr and a non-zero exit; anything else is a bug and keeps its stack trace.
 */
import { runLosslab } from "./program.js";

// A command that ran may have set its own code (a failed claim, a failed point): keep it.
const code = await runLosslab(process.argv);
if (code !== 0) process.exitCode = code;
// The command is done: once its output is out, nothing may keep the process running (a
// plugin's timer, or a plugin that never finished loading and was given up on).
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write("", () => resolve()));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit();
