import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cartReducer, itemCount, parseStoredCart, totalPence, type Cart } from './cart.ts';

const kindness = { bookId: 1, title: 'The Kindness Basket', price: 999 };
const poster = { bookId: 3, title: 'Alif to Ya: My Arabic Alphabet Poster', price: 999 };

test('adding a book puts a line in the cart', () => {
  const cart = cartReducer([], { type: 'add', line: { ...kindness, quantity: 2 } });
  assert.equal(cart, [{ ...kindness, quantity: 2 }]);
});

test('adding the same book again merges into its line', () => {
  let cart: Cart = [];
  cart = cartReducer(cart, { type: 'add', line: { ...kindness, quantity: 2 } });
  cart = cartReducer(cart, { type: 'add', line: { ...poster, quantity: 1 } });
  cart = cartReducer(cart, { type: 'add', line: { ...kindness, quantity: 3 } });
  assert.equal(cart, [
    { ...kindness, quantity: 5 },
    { ...poster, quantity: 1 },
  ]);
});

test('a line never holds more than 10', () => {
  let cart = cartReducer([], { type: 'add', line: { ...kindness, quantity: 8 } });
  cart = cartReducer(cart, { type: 'add', line: { ...kindness, quantity: 8 } });
  assert.is(cart[0]!.quantity, 10);
  cart = cartReducer(cart, { type: 'updateQuantity', bookId: 1, quantity: 11 });
  assert.is(cart[0]!.quantity, 10);
});

test('updating a quantity to 0 or less removes the line', () => {
  const cart = cartReducer([], { type: 'add', line: { ...kindness, quantity: 2 } });
  assert.equal(cartReducer(cart, { type: 'updateQuantity', bookId: 1, quantity: 3 }), [{ ...kindness, quantity: 3 }]);
  assert.equal(cartReducer(cart, { type: 'updateQuantity', bookId: 1, quantity: 0 }), []);
  assert.equal(cartReducer(cart, { type: 'updateQuantity', bookId: 1, quantity: -1 }), []);
});

test('remove takes one line out; clear empties the cart', () => {
  let cart = cartReducer([], { type: 'add', line: { ...kindness, quantity: 1 } });
  cart = cartReducer(cart, { type: 'add', line: { ...poster, quantity: 1 } });
  assert.equal(cartReducer(cart, { type: 'remove', bookId: 1 }), [{ ...poster, quantity: 1 }]);
  assert.equal(cartReducer(cart, { type: 'clear' }), []);
});

test('count and total follow the lines', () => {
  let cart = cartReducer([], { type: 'add', line: { ...kindness, quantity: 2 } });
  cart = cartReducer(cart, { type: 'add', line: { ...poster, quantity: 3 } });
  assert.is(itemCount(cart), 5);
  assert.is(totalPence(cart), 4995);
  assert.is(itemCount([]), 0);
  assert.is(totalPence([]), 0);
});

test('a stored cart is read back, and anything invalid in it is dropped', () => {
  assert.equal(parseStoredCart(JSON.stringify([{ ...kindness, quantity: 2 }])), [{ ...kindness, quantity: 2 }]);
  assert.equal(parseStoredCart(null), []);
  assert.equal(parseStoredCart('not json'), []);
  assert.equal(parseStoredCart('{"bookId":1}'), []);
  assert.equal(
    parseStoredCart(
      JSON.stringify([
        { ...kindness, quantity: 2 },
        { bookId: 'x' },
        { ...poster, quantity: 50 },
        { ...kindness, quantity: 1 },
      ]),
    ),
    [{ ...kindness, quantity: 3 }],
  );
});

test.run();
