import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freePort } from '../testing/ports.ts';
import { logHasher } from '../../service/logHashes.ts';
import { createMailer, messageIdFor, readableMessage } from './mailer.ts';

const quiet = { info() {} };
const logHash = logHasher('a test signing key');

test('without SMTP each message is a complete .eml file in the outbox', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-outbox-'));
  const mailer = createMailer({
    from: 'Amanah House <orders@amanahhouse.co.uk>',
    outboxDir: join(dir, 'outbox'),
    logger: quiet,
    logHash,
  });
  const receipt = await mailer.send({
    to: 'shopper@example.com',
    subject: 'Your order AH-12345678',
    text: 'Thank you for your order.',
  });
  assert.is(receipt.transport, 'outbox');
  const files = readdirSync(join(dir, 'outbox'));
  assert.is(files.length, 1);
  assert.match(files[0]!, /\.eml$/);
  const eml = readFileSync(join(dir, 'outbox', files[0]!), 'utf8');
  assert.match(eml, 'To: shopper@example.com');
  assert.match(eml, 'Subject: Your order AH-12345678');
  assert.match(eml, 'From: Amanah House <orders@amanahhouse.co.uk>');
  assert.match(eml, 'Thank you for your order.');
  assert.match(eml, receipt.messageId.replace(/[<>]/g, ''));
  rmSync(dir, { recursive: true, force: true });
});

test('the log line of an e-mail names its kind and a keyed hash of the recipient, never the address or the subject', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-outbox-'));
  const lines: object[] = [];
  const mailer = createMailer({
    from: 'Amanah House <orders@amanahhouse.co.uk>',
    outboxDir: join(dir, 'outbox'),
    logger: { info: (fields, msg) => lines.push({ ...fields, msg }) },
    logHash,
  });
  const message = { to: 'Zainab.Q@example.org', subject: 'Your order AH-12345678, Zainab', text: 'Thanks.' };
  await mailer.send(message, { idempotencyKey: 'order-1:order-confirmation', kind: 'order-confirmation' });
  await mailer.send({ ...message, to: ' zainab.q@EXAMPLE.org' }, { kind: 'order-shipped' });
  const text = JSON.stringify(lines);
  for (const secret of ['zainab', 'AH-12345678', 'example.org'])
    assert.not.ok(text.toLowerCase().includes(secret.toLowerCase()), `the log names ${secret}: ${text}`);
  const [first, second] = lines as { kind: string; to: string; msg: string }[];
  assert.equal([first!.kind, second!.kind], ['order-confirmation', 'order-shipped']);
  assert.match(first!.to, /^hmac:[A-Za-z0-9_-]{16}$/);
  assert.is(second!.to, first!.to, 'one person is one hash, however the address is cased');
  assert.is.not(logHasher('another key')(message.to), first!.to, 'the hash is keyed');
  rmSync(dir, { recursive: true, force: true });
});

test('a failed send is thrown with every address in its message hashed, its code kept', async () => {
  const port = await freePort();
  // A mail server that refuses the recipient, quoting the address back as servers do.
  const server = createServer((socket) => {
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (data) => {
      const line = data.toString();
      if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
      else if (/^MAIL FROM/i.test(line)) socket.write('250 OK\r\n');
      else if (/^RCPT TO/i.test(line)) socket.write('550 5.1.1 <zainab.q@example.org>: Recipient address rejected\r\n');
      else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
      else socket.write('250 OK\r\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const mailer = createMailer({
    from: 'Amanah House <orders@amanahhouse.co.uk>',
    smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    outboxDir: '/nonexistent',
    logger: quiet,
    logHash,
  });
  try {
    await mailer.send({ to: 'zainab.q@example.org', subject: 'Hello', text: 'Hello.' }, { kind: 'message-reply' });
    assert.unreachable('the server refused the recipient');
  } catch (error) {
    const { message, code } = error as Error & { code?: string };
    assert.not.ok(message.includes('zainab'), message);
    assert.ok(message.includes(logHash('zainab.q@example.org')), message);
    assert.is(code, 'EENVELOPE');
  } finally {
    await mailer.close();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

test('an e-mail with HTML is multipart/alternative: the text part first, the HTML beside it, both readable', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-outbox-'));
  const mailer = createMailer({
    from: 'Amanah House <orders@amanahhouse.co.uk>',
    outboxDir: join(dir, 'outbox'),
    logger: quiet,
    logHash,
  });
  await mailer.send({
    to: 'shopper@example.com',
    subject: 'Your order AH-12345678',
    text: 'Dear Amina Khan,\n\n  2 × The Kindness Basket — £19.98',
    html: '<p>Dear Amina Khan,</p><p>2 × The Kindness Basket — <strong>£19.98</strong></p>',
  });
  const [file] = readdirSync(join(dir, 'outbox'));
  const raw = readFileSync(join(dir, 'outbox', file!));
  const eml = raw.toString('utf8');
  assert.match(eml, /Content-Type: multipart\/alternative;\s+boundary=/);
  const textAt = eml.indexOf('Content-Type: text/plain; charset=utf-8');
  const htmlAt = eml.indexOf('Content-Type: text/html; charset=utf-8');
  assert.ok(textAt > 0 && htmlAt > textAt, 'the plain text first, the HTML after it (the last part is the preferred)');
  const readable = readableMessage(raw);
  assert.match(readable, '  2 × The Kindness Basket — £19.98');
  assert.match(readable, '<strong>£19.98</strong>');
  // What erasure looks for is found in either part.
  assert.is(await mailer.forget!((text) => text.includes('Amina Khan')), 1);
  rmSync(dir, { recursive: true, force: true });
});

/** The header lines of an e-mail, each folded line joined to the one it continues. */
const headersOf = (eml: string) =>
  eml
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/);
const link =
  'https://shop.example/unsubscribe/n0b8e0f7a-3c1d-4f6e-9a2b-5d4c3b2a1f0e.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';

test('an e-mail sent under a consent carries List-Unsubscribe with its link and the one-click header (RFC 8058)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-outbox-'));
  const mailer = createMailer({
    from: 'orders@amanahhouse.co.uk',
    outboxDir: join(dir, 'outbox'),
    logger: quiet,
    logHash,
  });
  await mailer.send({ to: 'reader@example.com', subject: 'News', text: 'New books.', unsubscribe: link });
  await mailer.send({ to: 'reader@example.com', subject: 'A reply', text: 'Yes, we do.' });
  const emls = readdirSync(join(dir, 'outbox')).map((name) => readFileSync(join(dir, 'outbox', name), 'utf8'));
  const news = emls.find((eml) => eml.includes('Subject: News'));
  const reply = emls.find((eml) => eml.includes('Subject: A reply'));
  assert.ok(headersOf(news!).includes(`List-Unsubscribe: <${link}>`), headersOf(news!).join('\n'));
  assert.ok(headersOf(news!).includes('List-Unsubscribe-Post: List-Unsubscribe=One-Click'));
  assert.not.match(reply!, /List-Unsubscribe/i);
  rmSync(dir, { recursive: true, force: true });
});

test('a keyed e-mail sent twice is one file in the outbox, with one Message-ID derived from its key', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-outbox-'));
  const mailer = createMailer({
    from: 'Amanah House <orders@amanahhouse.co.uk>',
    outboxDir: join(dir, 'outbox'),
    logger: quiet,
    logHash,
  });
  const message = { to: 'owner@example.com', subject: 'New order AH-1', text: 'An order came in.' };
  const first = await mailer.send(message, { idempotencyKey: 'cs_sandbox_1:order-to-owner' });
  const again = await mailer.send(message, { idempotencyKey: 'cs_sandbox_1:order-to-owner' });
  const other = await mailer.send(message, { idempotencyKey: 'cs_sandbox_1:order-confirmation' });
  assert.is(first.messageId, again.messageId);
  assert.is(first.messageId, messageIdFor('cs_sandbox_1:order-to-owner', 'orders@amanahhouse.co.uk'));
  assert.match(first.messageId, /@amanahhouse\.co\.uk>$/);
  assert.is.not(other.messageId, first.messageId);
  const files = readdirSync(join(dir, 'outbox')).sort();
  assert.is(files.length, 2, files.join(', '));
  assert.ok(files.every((f) => f.endsWith('.eml') && !f.startsWith('.')));
  rmSync(dir, { recursive: true, force: true });
});

test('with SMTP_URL the message goes to the SMTP server', async () => {
  // A minimal SMTP server that records what it is sent.
  const received: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    let body = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (data) {
          if (line === '.') {
            data = false;
            received.push(body);
            socket.write('250 OK queued\r\n');
          } else body += `${line}\n`;
          continue;
        }
        if (!line) continue;
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const mailer = createMailer({
    from: 'orders@amanahhouse.co.uk',
    smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    outboxDir: '/nonexistent',
    logger: quiet,
    logHash,
  });
  const receipt = await mailer.send({ to: 'owner@example.com', subject: 'New order', text: 'An order came in.' });
  assert.is(receipt.transport, 'smtp');
  assert.is(received.length, 1);
  assert.match(received[0]!, 'Subject: New order');
  // A keyed e-mail carries the Message-ID of its key, so a repeat after a crash is recognisably the same message.
  const keyed = await mailer.send(
    { to: 'owner@example.com', subject: 'New order', text: 'An order came in.' },
    { idempotencyKey: 'n-1:purchase-notice' },
  );
  assert.is(keyed.messageId, messageIdFor('n-1:purchase-notice', 'orders@amanahhouse.co.uk'));
  assert.match(received[1]!, `Message-ID: ${keyed.messageId}`);
  await mailer.send({ to: 'reader@example.com', subject: 'News', text: 'New books.', unsubscribe: link });
  assert.ok(headersOf(received[2]!).includes(`List-Unsubscribe: <${link}>`), received[2]);
  assert.ok(headersOf(received[2]!).includes('List-Unsubscribe-Post: List-Unsubscribe=One-Click'));
  await mailer.close();
  await new Promise<void>((r) => server.close(() => r()));
});

test.run();
