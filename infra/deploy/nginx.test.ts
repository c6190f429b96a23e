// The nginx site of infra/deploy/nginx-shop.conf, started for real (Debian's nginx, a self-signed certificate, loopback
// ports) in front of a shop with TRUST_PROXY=1: HTTPS answers with HSTS, HTTP redirects to it, a client's forged
// X-Forwarded-For does not move the per-address limits, the web app's hashed files carry `immutable`, and a body
// larger than the shop's limit is refused by nginx. Only the listening addresses, the certificate's paths and the
// shop's port are changed from the file as shipped; each change must find its line, so the file cannot drift unseen.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../testing/assert.ts';
import { fetchWithin } from '../testing/http.ts';
import { startTestShop, type TestShop } from '../testing/shop.ts';

const root = process.cwd();
const siteFile = join(root, 'infra/deploy/nginx-shop.conf');
const nginxBinary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path)) ?? 'nginx';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The shipped site with this run's addresses: every replacement must find what it replaces. */
function siteForTest(
  text: string,
  at: { httpPort: number; httpsPort: number; upstream: string; cert: string; key: string; webroot: string },
): string {
  const replacements: Array<[RegExp, string]> = [
    [/^\s*listen \[::\]:\d+.*;\n/gm, ''],
    [/listen 80;/g, `listen 127.0.0.1:${at.httpPort};`],
    [/listen 443 ssl http2;/g, `listen 127.0.0.1:${at.httpsPort} ssl http2;`],
    [/server 127\.0\.0\.1:3000;/g, `server ${at.upstream};`],
    [/ssl_certificate \/etc\/letsencrypt\/live\/shop\.example\.com\/fullchain\.pem;/g, `ssl_certificate ${at.cert};`],
    [
      /ssl_certificate_key \/etc\/letsencrypt\/live\/shop\.example\.com\/privkey\.pem;/g,
      `ssl_certificate_key ${at.key};`,
    ],
    [/root \/var\/www\/letsencrypt;/g, `root ${at.webroot};`],
    // The redirect names the HTTPS port, which a shop on 443 leaves out.
    [/return 301 https:\/\/\$host\$request_uri;/g, `return 301 https://$host:${at.httpsPort}$request_uri;`],
  ];
  let site = text;
  for (const [pattern, replacement] of replacements) {
    assert.match(site, pattern, `the shipped site no longer has ${String(pattern)}`);
    site = site.replace(pattern, replacement);
  }
  return site;
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/** One HTTPS request trusting the test's certificate, with a deadline (as fetchWithin gives the plain ones). */
function httpsCall(
  url: string,
  ca: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, ca, timeout: 120_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${init.method ?? 'GET'} ${url}: no answer within 120 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

let dir = '';
let nginx: ChildProcess | null = null;
let nginxExit: string | null = null;
let shop: TestShop | null = null;
let https = '';
let http = '';
let ca = '';

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shop-nginx-'));
  // nginx's workers run as nobody when the test runs as root: they must reach the folder.
  chmodSync(dir, 0o755);
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { encoding: 'utf8' },
  );
  assert.is(made.status, 0, `openssl could not make a certificate: ${made.stderr}`);
  ca = readFileSync(cert, 'utf8');

  // A built web app of one hashed file, so the test needs no build.
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><html><head><title>Shop</title><meta name="description" content="A shop" /></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(web, 'assets', 'app-3f9a1c2b.js'), 'console.log("shop");\n');

  shop = await startTestShop({ TRUST_PROXY: '1', RATE_LIMITS: 'orderLookups=3/900' }, { webDist: web });
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  https = `https://127.0.0.1:${httpsPort}`;
  http = `http://127.0.0.1:${httpPort}`;
  const site = siteForTest(readFileSync(siteFile, 'utf8'), {
    httpPort,
    httpsPort,
    upstream: shop.url.replace('http://', ''),
    cert,
    key,
    webroot: join(dir, 'webroot'),
  });
  writeFileSync(join(dir, 'site.conf'), site);
  mkdirSync(join(dir, 'temp'));
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginxBinary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  nginx = child;
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  child.on('error', (error) => (nginxExit = `nginx did not start (${error.message}): install Debian's nginx package`));
  child.on('exit', (code, signal) => (nginxExit ??= `nginx exited (${code ?? signal}): ${stderr}`));
  await eventually(
    async () => {
      if (nginxExit) assert.unreachable(nginxExit);
      return httpsCall(`${https}/healthz`, ca).then(
        () => true,
        () => false,
      );
    },
    60_000,
    'nginx to answer on its HTTPS port',
  );
});

test.after(async () => {
  const child = nginx;
  if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(child.pid, 'SIGTERM');
    await exited;
  }
  await shop?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('HTTPS answers through nginx, with one HSTS header', async () => {
  const answer = await httpsCall(`${https}/api/books`, ca);
  assert.is(answer.status, 200);
  assert.ok(Array.isArray(JSON.parse(answer.text)));
  assert.is(answer.headers['strict-transport-security'], 'max-age=63072000; includeSubDomains');
  assert.is(answer.headers['server'], 'nginx', 'no version in the Server header');
});

test('plain HTTP is redirected to HTTPS, the path and query kept', async () => {
  const res = await fetchWithin(`${http}/order?from=mail`, { redirect: 'manual' });
  assert.is(res.status, 301);
  assert.is(res.headers.get('location'), `${https}/order?from=mail`);
});

test("a client's forged X-Forwarded-For does not move the per-address limits", async () => {
  const lookup = JSON.stringify({ orderNumber: 'AH-1', email: 'a@example.com', postcode: 'SW1A 1AA' });
  const post = (forged: string) =>
    httpsCall(`${https}/api/order-lookup`, ca, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
      body: lookup,
    });
  // Three lookups in 15 minutes from one address (RATE_LIMITS above), each claiming to come from somewhere else.
  for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) assert.is((await post(forged)).status, 202);
  const fourth = await post('198.51.100.4');
  assert.is(fourth.status, 429, 'nginx must overwrite the header with the address it saw');
  assert.ok(fourth.headers['retry-after']);
  // Without nginx the shop believes the header (TRUST_PROXY=1): what held the limit above was the proxy.
  for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) {
    const direct = await fetchWithin(`${shop!.url}/api/order-lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
      body: lookup,
    });
    assert.is(direct.status, 202);
  }
});

test("the web app's hashed files are cached for a year as immutable; a missing one is not", async () => {
  const asset = await httpsCall(`${https}/assets/app-3f9a1c2b.js`, ca);
  assert.is(asset.status, 200);
  assert.is(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.is(asset.headers['strict-transport-security'], 'max-age=63072000; includeSubDomains');
  const missing = await httpsCall(`${https}/assets/app-00000000.js`, ca);
  assert.is(missing.status, 404);
  assert.not.match(String(missing.headers['cache-control'] ?? ''), /immutable/);
});

test("a body larger than the shop's limit is refused by nginx with 413", async () => {
  const answer = await httpsCall(`${https}/api/order-lookup`, ca, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderNumber: 'x'.repeat(70 * 1024), email: 'a@example.com', postcode: 'SW1A 1AA' }),
  });
  assert.is(answer.status, 413);
});

test.run();
