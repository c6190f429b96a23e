// The API's table keeps its own rules: one declaration per method and path, the owner's endpoints under the admin
// prefix, and paths the web can fill in.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EndpointSpec } from './shared/endpoint.ts';
import { allEndpoints, api } from './api.ts';
import { adminApiPrefix, isApiPath, pathFor, queryString } from './shared/endpoint.ts';

test('every method and path is declared once', () => {
  const keys = allEndpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
  assert.equal(keys.length, new Set(keys).size);
  assert.ok(keys.length >= 25, `only ${keys.length} endpoints`);
});

test('guarded endpoints, and only they and the sign-in, live under the admin prefix', () => {
  for (const { name, endpoint } of allEndpoints) {
    const underAdmin = endpoint.path.startsWith(adminApiPrefix);
    if (endpoint.guarded) assert.ok(underAdmin, `${name} is guarded outside ${adminApiPrefix}`);
    else assert.ok(!underAdmin || endpoint === api.admin.login, `${name} is open under ${adminApiPrefix}`);
  }
});

test("every path is under the API root but the health, readiness and metrics, the images' variants, the crawlers' files and the one-click unsubscribe", () => {
  const outside: readonly EndpointSpec[] = [
    api.health.health,
    api.health.ready,
    api.health.metrics,
    api.catalog.media,
    ...Object.values(api.catalogFiles),
    api.messages.oneClick,
  ];
  for (const { endpoint } of allEndpoints)
    assert.is(isApiPath(endpoint.path), !outside.includes(endpoint), endpoint.path);
});

test('pathFor fills each parameter as one encoded segment; queryString keeps only values given', () => {
  assert.is(pathFor(api.catalog.books), '/api/books');
  assert.is(pathFor(api.orders.changeStatus, { id: 'a/b c' }), '/api/admin/orders/a%2Fb%20c/status');
  assert.is(pathFor(api.reviews.forBook, { id: 3 }), '/api/reviews/book/3');
  assert.is(queryString({ limit: '50', status: undefined, q: '', cursor: 'x_1' }), '?limit=50&cursor=x_1');
  assert.is(queryString(undefined), '');
});

test.run();
