// The routers hold exactly the endpoints of the API's table, each on the router its declaration names.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allEndpoints } from '../../contracts/api.ts';
import { buildRouters } from '../app.ts';
import { startTestShop } from '../../infra/testing/shop.ts';

const routesOf = (router: ReturnType<typeof buildRouters>['router']) =>
  router.stack
    .filter((layer) => layer.methods.length > 0)
    .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => `${method} ${String(layer.path)}`))
    .sort();

test('every route comes from the table, on the open or the guarded router as declared', async () => {
  const shop = await startTestShop();
  try {
    const { router, admin } = buildRouters(shop.shop.deps);
    const declared = (guarded: boolean) =>
      allEndpoints
        .filter(({ endpoint }) => endpoint.guarded === guarded)
        .map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`)
        .sort();
    // The test shop pays through the sandbox, so its calls are served too.
    assert.equal(routesOf(router), declared(false));
    assert.equal(routesOf(admin), declared(true));
  } finally {
    await shop.close();
  }
});

test.run();
