import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { LoginSearchSchema } from './loginSearch.ts';

const redirectOf = (value: unknown) => v.parse(LoginSearchSchema, { redirect: value }).redirect;

test('an admin page on this site, with its query and #section, is kept to return to', () => {
  assert.is(redirectOf('/admin/orders'), '/admin/orders');
  assert.is(redirectOf('/admin/orders/pi_1?tab=all#notes'), '/admin/orders/pi_1?tab=all#notes');
  assert.is(redirectOf('/admin-dashboard'), '/admin-dashboard');
});

test('an address elsewhere, or not an address, is treated as absent', () => {
  for (const value of ['https://example.com/admin', '//example.com/admin', '/\\example.com', 'admin/orders', 42, null])
    assert.is(redirectOf(value), undefined, String(value));
  assert.is(v.parse(LoginSearchSchema, {}).redirect, undefined);
});

test("the login page's own addresses are not returned to", () => {
  for (const value of ['/admin/login', '/admin-login', '/admin/login?redirect=%2Fadmin%2Forders', '/admin-login#x'])
    assert.is(redirectOf(value), undefined, value);
  assert.is(redirectOf('/admin/login-history'), '/admin/login-history');
});

test.run();
