import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from './config.ts';

test('config: defaults run the shop on its embedded stores', () => {
  const config = loadConfig({});
  assert.is(config.PORT, 3000);
  assert.is(config.DATA_DIR, './data');
  assert.is(config.EVENTSTORE_URL, undefined);
  assert.is(config.PROJECTIONS, 'inline');
});

test('config: a bad value stops start with the variable named', () => {
  for (const [name, value] of [['PORT', 'eighty'], ['REDIS_URL', 'http://x'], ['EVENTSTORE_URL', 'tcp://x'], ['JWT_SECRET', 'short']]) {
    try {
      loadConfig({ [name!]: value });
      assert.unreachable(`${name} accepted`);
    } catch (error) {
      assert.instance(error, ConfigError);
      assert.match((error as Error).message, name!);
    }
  }
});

test('config: production refuses to start without an admin password hash and a JWT secret', () => {
  try {
    loadConfig({ NODE_ENV: 'production' });
    assert.unreachable();
  } catch (error) {
    assert.match((error as Error).message, 'ADMIN_PASSWORD_HASH');
    assert.match((error as Error).message, 'JWT_SECRET');
  }
});

test.run();
