// Every screen the web app routes to is a path the server answers with the app: a bookmarked admin page or a reload
// must not come back as 404.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clientPaths, isClientPath } from './clientRoutes.ts';

const routeTree = readFileSync(join(import.meta.dirname, '../../web/src/routeTree.gen.ts'), 'utf8');
const fullPaths = [...new Set([...routeTree.matchAll(/fullPath: '([^']+)'/g)].map((m) => m[1]!))];

test('every route of the web app is served as the app', () => {
  assert.ok(fullPaths.length > 20, `${fullPaths.length} routes read from the route tree`);
  for (const fullPath of fullPaths) {
    const example = (fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath).replace(
      /\$[A-Za-z]+/g,
      'cs_sandbox_Example123',
    );
    assert.ok(isClientPath(example), `${fullPath} (as ${example}) is not in contracts/shared/clientRoutes.ts`);
  }
});

test('a parameter stands for one segment, no more', () => {
  assert.ok(clientPaths.includes('/admin/orders/:orderId'));
  assert.ok(isClientPath('/admin/orders/pi_123'));
  assert.ok(isClientPath('/admin/orders/pi_123/packing-slip'));
  assert.not.ok(isClientPath('/admin/orders/pi_123/somewhere'));
  assert.not.ok(isClientPath('/admin/orders/a/b/packing-slip'));
  assert.not.ok(isClientPath('/admin/nothing'));
});

test.run();
