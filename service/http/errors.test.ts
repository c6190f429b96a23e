// The one mapping from errors to answers: domain errors by kind, HTTP errors as they are, anything else a 500 that
// says nothing about the inside.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Koa from 'koa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WrongExpectedRevision } from '../../contracts/ports/eventStore.ts';
import { concurrentChangeMessage, conflict, invalid, notFound } from '../../contracts/shared/errors.ts';
import { errorMiddleware, HttpError } from './errors.ts';

async function answerTo(error: unknown) {
  const logged: string[] = [];
  const logger = { error: (_: object, msg?: string) => void logged.push(msg ?? ''), warn: () => {} };
  // Koa's own context for a request that never touched a socket: the middleware answers on it as on any other.
  const request = new IncomingMessage(new Socket());
  const ctx = new Koa().createContext(request, new ServerResponse(request));
  ctx.state.requestId = 'r';
  await errorMiddleware(logger)(ctx, async () => {
    throw error;
  });
  // The headers an error's answer may add (the body's own content type and length aside).
  const headers = Object.fromEntries(
    ['WWW-Authenticate', 'Retry-After'].flatMap((name) => {
      const value = ctx.response.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  return { status: ctx.status, body: ctx.body, headers, logged };
}

test('domain errors answer by their kind, with their message', async () => {
  assert.equal(await answerTo(notFound('Review not found')), {
    status: 404,
    body: { success: false, error: 'not_found', message: 'Review not found' },
    headers: {},
    logged: [],
  });
  assert.equal((await answerTo(conflict('This order is already pending.'))).body, {
    success: false,
    error: 'conflict',
    message: 'This order is already pending.',
  });
  assert.is((await answerTo(conflict('x'))).status, 409);
  const refused = await answerTo(invalid('Say why', [{ field: 'adminMessage', message: 'Say why' }]));
  assert.is(refused.status, 400);
  assert.equal(refused.body, {
    success: false,
    error: 'bad_request',
    message: 'Say why',
    issues: [{ field: 'adminMessage', message: 'Say why' }],
  });
});

test('a lost append race is a conflict; HTTP errors keep their status; anything else is a 500 that is logged', async () => {
  const raced = await answerTo(new WrongExpectedRevision('order-1', 2, 3));
  assert.equal(
    [raced.status, raced.body],
    [409, { success: false, error: 'conflict', message: concurrentChangeMessage }],
  );
  const signIn = await answerTo(new HttpError(401, 'Authentication required', 'unauthorized'));
  assert.equal([signIn.status, signIn.headers], [401, { 'WWW-Authenticate': 'Bearer' }]);
  const broken = await answerTo(new Error('secret detail'));
  assert.is(broken.status, 500);
  assert.not.match(JSON.stringify(broken.body), 'secret');
  assert.equal(broken.logged, ['request failed']);
});

test.run();
