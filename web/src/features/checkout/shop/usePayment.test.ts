import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SaveOrderRequest } from '#contracts/checkout/model.ts';
import { ApiError } from '../../../lib/api.ts';
import { saveOrder } from './usePayment.ts';

const body: SaveOrderRequest = {
  paymentIntentId: 'pi_sandbox_1234',
  name: 'Amina Khan',
  email: 'amina@example.com',
  status: 'completed',
};

async function refusal(post: () => Promise<unknown>): Promise<string> {
  try {
    await saveOrder(body, post as Parameters<typeof saveOrder>[1]);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the save was not refused');
}

test('a saved order answers its number', async () => {
  assert.is(await saveOrder(body, async () => ({ success: true, orderNumber: 'AH-12345678' })), 'AH-12345678');
});

test("a refused save keeps the server's message", async () => {
  assert.is(
    await refusal(() =>
      Promise.reject(
        new ApiError(409, JSON.stringify({ success: false, message: 'This payment does not match the order' })),
      ),
    ),
    'This payment does not match the order',
  );
});

test('"Failed to save order" when the server says nothing or answers without success', async () => {
  assert.is(await refusal(() => Promise.reject(new ApiError(502, ''))), 'Failed to save order');
  assert.is(await refusal(() => Promise.reject(new TypeError('Failed to fetch'))), 'Failed to save order');
  assert.is(await refusal(async () => ({ success: false })), 'Failed to save order');
  assert.is(await refusal(async () => null), 'Failed to save order');
});

test.run();
