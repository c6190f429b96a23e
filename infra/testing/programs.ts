// How a test starts one of the shop's programs (the service, the projection runner, a CLI, a helper process) in a
// process of its own: its TypeScript through tsx, or, under `npm test`, the bundle the runner built once for the run
// (SHOP_TEST_PROGRAMS), which starts in half the time and less than half the CPU.

/** The programs `npm test` bundles; the name is the bundle's file. */
export const bundledPrograms: Record<string, string> = {
  events: 'infra/cli/events.ts',
  admin: 'infra/cli/admin.ts',
  main: 'infra/main/shop.ts',
  projections: 'infra/main/projections.ts',
  shopProcess: 'infra/testing/shopProcess.ts',
};

/** node's arguments that run `entry` (a path from the repository's root). */
export function nodeArgs(entry: string): string[] {
  const bundled = (JSON.parse(process.env.SHOP_TEST_PROGRAMS ?? '{}') as Record<string, string>)[entry];
  return bundled ? [bundled] : ['--import', 'tsx', entry];
}
