// Two-step codes under attack from two shop processes on one data folder and one Redis: one recovery code, and one
// app code, each fired in many parallel sign-ins spread over both processes, then tried again on each process and
// after both restart. Each sign-in comes from an address of its own (TRUST_PROXY=1 and a forged X-Forwarded-For, as
// an attacker with many addresses would), so the sign-in throttle never answers in the code's place.
import { codeAt, fromBase32, stepOf } from '../../service/admin/twoStep.ts';
import { startServer, type BenchServer } from '../bench/servers.ts';
import { call } from '../testing/shop.ts';
import { openChaosSite } from './site.ts';

export type TwoStepSite = {
  /** the two processes' addresses, in the order they started */
  urls: string[];
  /** the headers of the configured owner's requests */
  owner: Record<string, string>;
  /** stops both processes and starts them again on the same data folder and Redis (at `clockMs`, when the site has a clock) */
  restart(clockMs?: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * Two shop processes on one data folder and one private Redis. `entry` is the service as `npm start` runs it, or the
 * test harness's shop process whose clock stands at `clockMs`, so the codes can be made for a step the test chose.
 */
export async function openTwoStepSite(options: {
  entry: 'infra/main/shop.ts' | 'infra/testing/shopProcess.ts';
  clockMs?: number;
}): Promise<TwoStepSite> {
  const site = await openChaosSite('two-step');
  const servers: BenchServer[] = [];
  const start = async (clockMs = options.clockMs) => {
    const env = { ...site.env, TRUST_PROXY: '1', ...(clockMs === undefined ? {} : { SHOP_CLOCK_MS: String(clockMs) }) };
    // One after the other: the first creates the log and its key file, the second opens them.
    for (let i = 0; i < 2; i++) servers.push(await startServer(`shop ${i + 1}`, options.entry, [], env, '/healthz'));
  };
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers.length = 0;
  };
  try {
    await start();
  } catch (error) {
    await stop();
    await site.close();
    throw error;
  }
  return {
    get urls() {
      return servers.map((s) => s.url);
    },
    owner: site.owner,
    async restart(clockMs) {
      await stop();
      await start(clockMs);
    },
    async close() {
      await stop();
      await site.close();
    },
  };
}

let addresses = 0;
/** An address of its own for every sign-in, from the range kept for benchmarks (RFC 2544), as the flood uses. */
const nextAddress = () => {
  addresses += 1;
  return `198.18.${(addresses >> 8) & 255}.${addresses & 255}`;
};

export const signIn = (url: string, body: { username: string; password: string; code?: string }) =>
  call(`${url}/api/admin/login`, { body, headers: { 'x-forwarded-for': nextAddress() } });

export type SignInRace = { parallel: number; sessions: number; refused: number; other: string[] };

/** `parallel` sign-ins with one code at once, taking turns between the processes: how many got a session. */
export async function raceSignIns(
  urls: string[],
  body: { username: string; password: string; code: string },
  parallel: number,
): Promise<SignInRace> {
  const answers = await Promise.all(Array.from({ length: parallel }, (_, i) => signIn(urls[i % urls.length]!, body)));
  return {
    parallel,
    sessions: answers.filter((a) => a.status === 200 && typeof a.json?.token === 'string').length,
    refused: answers.filter((a) => a.status === 401 && a.json?.error === 'two_step_required').length,
    other: answers
      .filter((a) => a.status !== 200 && !(a.status === 401 && a.json?.error === 'two_step_required'))
      .map((a) => `${a.status} ${a.text.slice(0, 120)}`),
  };
}

export type TwoStepAccount = { username: string; password: string; secret: Buffer; recovery: string[] };

/** An auditor account, created on the first process, signed in and set up on the second, turned on on the first. */
export async function accountWithTwoStep(
  site: TwoStepSite,
  username: string,
  now: () => number,
): Promise<TwoStepAccount> {
  const [first, second] = site.urls as [string, string];
  const created = await call(`${first}/api/admin/accounts`, {
    body: { username, role: 'auditor' },
    headers: site.owner,
  });
  if (created.status !== 201) throw new Error(`creating ${username}: ${created.status} ${created.text}`);
  const password = created.json.password as string;
  const signedIn = await signIn(second, { username, password });
  if (signedIn.status !== 200) throw new Error(`signing in as ${username}: ${signedIn.status} ${signedIn.text}`);
  const session = { authorization: `Bearer ${signedIn.json.token as string}` };
  const setup = await call(`${second}/api/admin/two-step/setup`, { method: 'POST', headers: session });
  if (setup.status !== 200) throw new Error(`setting up two-step: ${setup.status} ${setup.text}`);
  const secret = fromBase32(setup.json.secret as string);
  const enabled = await call(`${first}/api/admin/two-step/enable`, {
    body: { setupToken: setup.json.setupToken, code: codeAt(secret, stepOf(now())) },
    headers: session,
  });
  if (enabled.status !== 200) throw new Error(`turning two-step on: ${enabled.status} ${enabled.text}`);
  return { username, password, secret, recovery: enabled.json.recoveryCodes as string[] };
}

export type TwoStepRace = {
  recovery: SignInRace;
  code: SignInRace;
  /** every spent code tried once more on each process: the statuses that were not a refusal */
  replaysNotRefused: string[];
  replays: number;
};

/**
 * One recovery code, then the app's code of the step after the one that turned two-step on (within the drift the
 * shop allows while `now` is in either step), each fired `parallel` times at once over both processes; then each spent
 * code once more on each process.
 */
export async function twoStepRace(
  site: TwoStepSite,
  account: TwoStepAccount,
  now: () => number,
  parallel: number,
): Promise<TwoStepRace> {
  const { username, password } = account;
  const recovery = await raceSignIns(site.urls, { username, password, code: account.recovery[0]! }, parallel);
  const appCode = codeAt(account.secret, stepOf(now()) + 1);
  const code = await raceSignIns(site.urls, { username, password, code: appCode }, parallel);
  const { notRefused, tries } = await replay(site, account, [account.recovery[0]!, appCode]);
  return { recovery, code, replaysNotRefused: notRefused, replays: tries };
}

/** Spent codes tried once on each process, one after the other: what answered anything but a refusal of the code. */
export async function replay(
  site: TwoStepSite,
  account: TwoStepAccount,
  codes: string[],
): Promise<{ notRefused: string[]; tries: number }> {
  const notRefused: string[] = [];
  let tries = 0;
  for (const url of site.urls) {
    for (const code of codes) {
      const answer = await signIn(url, { username: account.username, password: account.password, code });
      tries += 1;
      if (!(answer.status === 401 && answer.json?.error === 'two_step_required'))
        notRefused.push(`${code} on ${url}: ${answer.status}`);
    }
  }
  return { notRefused, tries };
}
