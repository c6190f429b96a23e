// The admin router is only consulted for paths its routes can match.
import { Router } from '@koa/router';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { onlyUnder, routerOptions } from './http/adminRouter.ts';
import { fetchWithin } from '../infra/testing/http.ts';

async function serve(admin: Router) {
  const app = new Koa();
  app.use(onlyUnder('/api/admin/', admin));
  app.use((ctx) => {
    ctx.body = 'public';
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: async (path: string) => (await fetchWithin(url + path)).text(),
    close: () => new Promise((r) => server.close(r)),
  };
}

test('a public path does not run the admin router; an admin path does', async () => {
  let guarded = 0;
  const admin = new Router(routerOptions);
  admin.use(async (_ctx, next) => {
    guarded++;
    await next();
  });
  admin.get('/api/admin/orders', (ctx) => {
    ctx.body = 'orders';
  });
  const app = await serve(admin);
  assert.is(await app.get('/api/books'), 'public');
  assert.is(guarded, 0);
  assert.is(await app.get('/api/admin/orders'), 'orders');
  assert.is(guarded, 1);
  // Another case is another path: not an admin route, as before.
  assert.is(await app.get('/API/admin/orders'), 'public');
  await app.close();
});

test('a route registered outside the prefix is still served', async () => {
  const admin = new Router(routerOptions);
  admin.get('/api/admin/orders', (ctx) => {
    ctx.body = 'orders';
  });
  admin.get('/api/owner-only', (ctx) => {
    ctx.body = 'owner';
  });
  const app = await serve(admin);
  assert.is(await app.get('/api/owner-only'), 'owner');
  assert.is(await app.get('/api/books'), 'public');
  await app.close();
});

test.run();
