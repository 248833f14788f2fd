import { presets } from "@losslab/reproductions";

/** `losslab list`: the presets, one per line, with their description and expected runtime. */
export function listCommand(options: { json?: boolean }): void {
  if (options.json) {
    const rows = presets.map(({ name, description, expectedRuntime }) => ({
      name,
      description,
      expectedRuntime,
    }));
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  if (presets.length === 0) {
    process.stdout.write("no presets yet\n");
    return;
  }
  const width = Math.max(...presets.map((p) => p.name.length));
  for (const p of presets) {
    process.stdout.write(`${p.name.padEnd(width)}  ${p.description} (${p.expectedRuntime})\n`);
  }
}
