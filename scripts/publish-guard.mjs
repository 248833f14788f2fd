/**
 * `prepublishOnly` of every workspace package: a package is published with pnpm only
 * (`pnpm release`), because pnpm rewrites what npm would ship as is: the `workspace:^`
 * ranges of its @losslab dependencies (npm would publish them literally, uninstallable) and
 * the exports, which `publishConfig.exports` replaces (the workspace's point at src/ through
 * the "@losslab/source" condition, and src/ is not in the tarball).
 */
const agent = process.env.npm_config_user_agent ?? "";
if (!agent.startsWith("pnpm/")) {
  console.error(
    `losslab: publish workspace packages with \`pnpm release\` (pnpm publish), not ${agent.split(" ")[0] || "this tool"}: npm would ship "workspace:^" dependency ranges and exports that point at unshipped sources.`,
  );
  process.exit(1);
}
