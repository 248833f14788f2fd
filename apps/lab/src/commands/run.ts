import { UserError } from "../user-error.js";

export interface RunOptions {
  json?: boolean;
  seed?: number;
}

/** `losslab run <file>`: filled in with the scenario package (issue 3). */
export async function runCommand(file: string, _options: RunOptions): Promise<void> {
  throw new UserError(`cannot run "${file}": scenario files are not supported yet`);
}
