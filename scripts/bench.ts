/**
 * `pnpm bench`: runs every `{packages,apps}/<name>/bench/*.bench.ts` in its own Node
 * process (a fresh JIT per benchmark) and passes their JSON lines through.
 * `pnpm bench engine` runs only the benches whose path contains "engine".
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const filter = process.argv[2] ?? "";
const files: string[] = [];
for (const group of ["packages", "apps"]) {
  for (const name of readdirSync(group).sort()) {
    const dir = join(group, name, "bench");
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) {
      if (file.endsWith(".bench.ts")) files.push(join(dir, file));
    }
  }
}
let failed = 0;
for (const file of files.filter((f) => f.includes(filter))) {
  const result = spawnSync(process.execPath, ["--conditions=@losslab/source", "--import", "tsx", file], {
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error(`bench ${file} failed with exit code ${result.status}`);
    failed++;
  }
}
process.exitCode = failed > 0 ? 1 : 0;
