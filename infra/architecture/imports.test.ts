// The folders keep their rules: read the import graph from the sources and check every edge.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brokenRules, capabilities, isProduction, readImportGraph, ruleBroken, sharedParts } from './importGraph.ts';

const root = process.cwd();
const graph = readImportGraph(root);

/** Imports that still break a rule while their capability is being reshaped; the list only shrinks. */
const pending: string[] = [];

test('the graph is read: every layer imports and is imported', () => {
  assert.ok(graph.length > 300, `only ${graph.length} imports read`);
  for (const layer of ['contracts/', 'projections/', 'service/', 'infra/', 'web/src/']) {
    assert.ok(
      graph.some((edge) => edge.from.startsWith(layer)),
      `nothing imported from ${layer}`,
    );
  }
});

test('every import keeps the rules (contracts ← projections ← service, infra behind ports, web on contracts, capabilities through contracts, the storefront never on admin code)', () => {
  const broken = brokenRules(graph).map((edge) => `${edge.from} -> ${edge.to}`);
  const unexpected = brokenRules(graph).filter((edge) => !pending.includes(`${edge.from} -> ${edge.to}`));
  assert.equal(
    unexpected.map((edge) => `${edge.from} -> ${edge.to}: ${edge.rule}`),
    [],
  );
  assert.equal(
    pending.filter((edge) => !broken.includes(edge)),
    [],
    'a pending import was fixed: take it off the list',
  );
});

test('the rules catch what they are for', () => {
  const cases: Array<[string, string, boolean]> = [
    ['contracts/reviews/model.ts', 'service/reviews/review.ts', true],
    ['contracts/reviews/model.ts', 'contracts/shared/money.ts', false],
    ['projections/reviews/reviews.ts', 'service/commands.ts', true],
    ['projections/reviews/reviews.ts', 'infra/readstore/memoryReadStore.ts', true],
    ['service/reviews/routes.ts', 'infra/readstore/memoryReadStore.ts', true],
    ['service/reviews/routes.ts', 'projections/reviews/reviews.ts', false],
    ['service/reviews/routes.ts', 'projections/orders/adminOrders.ts', true],
    ['service/reviews/routes.ts', 'service/orders/routes.ts', true],
    ['service/reviews/routes.ts', 'service/http/errors.ts', false],
    ['service/reviews/review.test.ts', 'infra/testing/shop.ts', false],
    ['infra/main/shop.ts', 'infra/composition/shop.ts', false],
    ['infra/main/shop.ts', 'infra/readstore/memoryReadStore.ts', true],
    ['infra/main/projections.ts', 'service/effects.ts', false],
    ['service/orders/routes.ts', 'infra/main/shop.ts', true],
    ['infra/cli/events.ts', 'infra/main/projections.ts', true],
    ['infra/testing/shop.ts', 'infra/main/shop.ts', true],
    ['service/main.ts', 'infra/main/shop.ts', false],
    ['service/main.ts', 'infra/composition/shop.ts', true],
    ['service/orders/routes.ts', 'service/main.ts', true],
    ['service/orders/routes.ts', 'infra/composition/shop.ts', true],
    ['projections/engine/runner.ts', 'infra/composition/shop.ts', true],
    ['contracts/orders/model.ts', 'infra/composition/shop.ts', true],
    ['projections/engine/generations.test.ts', 'infra/composition/shop.ts', true],
    ['service/orders/orders.test.ts', 'infra/testing/shop.ts', false],
    ['infra/testing/shop.ts', 'infra/composition/shop.ts', false],
    ['infra/cli/events.ts', 'infra/composition/shop.ts', false],
    ['service/privacy/routes.ts', 'service/orders/routes.ts', true],
    ['service/privacy/routes.ts', 'projections/orders/adminOrders.ts', true],
    ['web/src/features/reviews/shop/ReviewsSection.tsx', 'service/reviews/routes.ts', true],
    ['web/src/features/reviews/shop/ReviewsSection.tsx', 'contracts/reviews/model.ts', false],
    ['web/src/features/reviews/shop/ReviewsSection.tsx', 'web/src/features/orders/admin/OrdersConsole.tsx', true],
    ['web/src/features/reviews/shop/ReviewsSection.tsx', 'web/src/components/icons.tsx', false],
    ['web/src/components/icons.tsx', 'web/src/features/reviews/shop/ReviewsSection.tsx', true],
    ['web/src/shell/LandingPage.tsx', 'web/src/features/reviews/shop/ReviewsSection.tsx', false],
    // The storefront never imports the owner's screens; a capability's sides meet only in its shared root.
    ['web/src/shell/Header.tsx', 'web/src/features/orders/admin/OrdersConsole.tsx', true],
    ['web/src/main.tsx', 'web/src/features/catalog/admin/CatalogueScreen.tsx', true],
    ['web/src/routes/_shop.order.$token.tsx', 'web/src/features/orders/admin/ordersQuery.ts', true],
    ['web/src/routes/_admin.admin.catalogue.tsx', 'web/src/features/preorders/admin/PreOrderDemand.tsx', false],
    ['web/src/routes/receipt.$token.tsx', 'web/src/features/receipts/Receipt.tsx', false],
    ['web/src/routeTree.gen.ts', 'web/src/routes/_admin.admin.orders', false],
    ['web/src/features/reviews/shop/ReviewsSection.tsx', 'web/src/features/reviews/admin/adminReviewQueries.ts', true],
    ['web/src/features/reviews/admin/ReviewDashboard.tsx', 'web/src/features/reviews/shop/ReviewsSection.tsx', true],
    ['web/src/features/reviews/admin/ReviewDashboard.tsx', 'web/src/features/reviews/reviewQueries.ts', false],
    ['web/src/features/reviews/reviewQueries.ts', 'web/src/features/reviews/shop/ReviewsSection.tsx', true],
    // Another capability only from the storefront side, into its storefront or shared files.
    ['web/src/features/catalog/shop/BookPage.tsx', 'web/src/features/stock/shop/StockNotice.tsx', false],
    ['web/src/features/catalog/shop/BookPage.tsx', 'web/src/features/reviews/reviews.css', false],
    ['web/src/features/catalog/shop/BookPage.tsx', 'web/src/features/stock/admin/StockScreen.tsx', true],
    ['web/src/features/orders/admin/OrderPage.tsx', 'web/src/features/receipts/Receipt.tsx', true],
    ['web/src/features/receipts/Receipt.tsx', 'web/src/features/orders/shop/LinkStates.tsx', true],
    ['web/src/features/catalog/shop/BookPage.tsx', 'web/src/shell/Header.tsx', true],
  ];
  for (const [from, to, broken] of cases) assert.is(ruleBroken({ from, to }) !== null, broken, `${from} -> ${to}`);
});

test('every folder of contracts/, projections/ and service/ is a capability the rules know, or a shared part', () => {
  const known = (layer: keyof typeof sharedParts) => [...capabilities, ...sharedParts[layer]] as string[];
  for (const layer of ['contracts', 'projections', 'service'] as const) {
    const folders = readdirSync(join(root, layer)).filter((name) => statSync(join(root, layer, name)).isDirectory());
    assert.ok(folders.length > 3, `only ${folders.length} folders in ${layer}/`);
    assert.equal(
      folders.filter((folder) => !known(layer).includes(folder)),
      [],
      `folders of ${layer}/ that are neither a capability in importGraph.ts nor a shared part`,
    );
  }
});

test('web/src/features holds one folder per capability, each with only shop/, admin/ and files both sides use', () => {
  const features = join(root, 'web/src/features');
  const folders = readdirSync(features).filter((name) => statSync(join(features, name)).isDirectory());
  assert.equal(
    folders.filter((folder) => !(capabilities as readonly string[]).includes(folder)),
    [],
    'folders of web/src/features that are no capability',
  );
  const sides = folders.flatMap((folder) =>
    readdirSync(join(features, folder))
      .filter((name) => statSync(join(features, folder, name)).isDirectory() && name !== 'shop' && name !== 'admin')
      .map((name) => `${folder}/${name}`),
  );
  assert.equal(sides, [], "a capability's folders in web/src/features are shop/ and admin/");
});

/** A string (quoted or a template) that starts with the API's root, outside comments. */
const apiLiteral = /(['"`])\/api(?:\/|\1)/;
const commentLine = /^\s*(\/\/|\*|\/\*)/;

function productionSources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(root, dir))) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) productionSources(path, out);
    else if (/\.(ts|tsx)$/.test(name) && isProduction(path)) out.push(path);
  }
  return out;
}

test('API paths are written only in contracts: no "/api/..." string in production code elsewhere', () => {
  // The benches and the chaos runs call the API as an outsider would, by its literal paths.
  const files = [
    ...['projections', 'service', 'infra', 'web/src'].flatMap((dir) => productionSources(dir)),
    'web/vite.config.ts',
  ].filter((file) => !file.startsWith('infra/bench/') && !file.startsWith('infra/chaos/'));
  assert.ok(files.length > 100, `only ${files.length} files read`);
  const found = files.flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        !commentLine.test(line) && apiLiteral.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
  assert.equal(found, []);
  assert.ok(
    apiLiteral.test(`fetch('/api/books')`) && apiLiteral.test('proxy: { "/api": 1 }') && !apiLiteral.test(`'/apiary'`),
  );
});

test('test doubles and fixtures live in infra/testing: no file beside the production code is used by tests alone', () => {
  const withE2e = readImportGraph(root, ['contracts', 'projections', 'service', 'infra', 'web/src', 'web/e2e']);
  const users = new Map<string, string[]>();
  for (const { from, to } of withE2e) users.set(to, [...(users.get(to) ?? []), from]);
  // The import rules and the API's whole table are what tests hold the code against, not fixtures (each capability's
  // own table is used by its routes and the web). The VAT rules are written and tested before the events and screens
  // that will use them (decision 068); each leaves this list when something of the shop imports it.
  const checkedByTheirTest = ['infra/architecture/importGraph.ts', 'contracts/api.ts', 'contracts/vat/vatReturn.ts'];
  const testOnly = [...users].filter(
    ([to, from]) => isProduction(to) && !checkedByTheirTest.includes(to) && from.every((f) => !isProduction(f)),
  );
  assert.equal(
    testOnly.map(([to]) => to),
    [],
  );
});

test.run();
