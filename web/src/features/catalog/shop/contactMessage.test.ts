import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contactProblems, emptyContactMessage } from './contactMessage.ts';

test('an empty contact form gets its fixed messages, one per field', () => {
  assert.equal(contactProblems(emptyContactMessage), {
    name: 'Name must be at least 2 characters.',
    email: 'Please enter a valid email address.',
    message: 'Message must be at least 10 characters.',
  });
});

test('a filled-in contact form has no problems; spaces do not count towards a length', () => {
  assert.equal(
    contactProblems({
      name: 'Sara',
      email: 'sara@example.com',
      message: 'Hello there, lovely books!',
      newsletter: true,
    }),
    {},
  );
  assert.equal(contactProblems({ name: ' S ', email: 'sara@example.com', message: '   short   ', newsletter: false }), {
    name: 'Name must be at least 2 characters.',
    message: 'Message must be at least 10 characters.',
  });
});

test.run();
