// The short version of `npm run chaos -- two-step`, with the shops' clock in the test's hand: two shop processes on one
// data folder and one Redis; one recovery code and one app code, each fired in ten parallel sign-ins over both, give one
// session each; every spent code is refused on both processes, and again after both restart.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeAt, stepOf, stepSeconds } from '../../service/admin/twoStep.ts';
import { call } from '../testing/shop.ts';
import {
  accountWithTwoStep,
  openTwoStepSite,
  raceSignIns,
  replay,
  twoStepRace,
  type TwoStepSite,
} from './twoStepRace.ts';

const stepMs = stepSeconds * 1000;
// One second into a step, so the step the shops see is the one the test makes codes for.
const startMs = (stepOf(Date.now()) + 1) * stepMs + 1000;
let site: TwoStepSite;
test.before(async () => {
  site = await openTwoStepSite({ entry: 'infra/testing/shopProcess.ts', clockMs: startMs });
});
test.after(() => site.close());

const typesIn = async (username: string) => {
  const answer = await call(`${site.urls[1]}/api/admin/events?stream=${encodeURIComponent(`admin-${username}`)}`, {
    headers: site.owner,
  });
  assert.is(answer.status, 200, answer.text);
  return (answer.json.events as { type: string }[]).map((e) => e.type);
};
const count = (types: string[], type: string) => types.filter((t) => t === type).length;

test('two processes on one log and one Redis: ten parallel sign-ins with one code give one session, for a recovery code and an app code alike', async () => {
  let nowMs = startMs;
  const now = () => nowMs;
  const account = await accountWithTwoStep(site, 'racer', now);
  const race = await twoStepRace(site, account, now, 10);
  assert.equal(race.recovery, { parallel: 10, sessions: 1, refused: 9, other: [] });
  assert.equal(race.code, { parallel: 10, sessions: 1, refused: 9, other: [] });
  assert.is(race.replays, 4, 'each spent code on each process');
  assert.equal(race.replaysNotRefused, []);
  let types = await typesIn('racer');
  assert.is(count(types, 'AccountRecoveryCodeUsed'), 1);
  assert.is(count(types, 'AccountTwoStepCodeUsed'), 2, 'the step that turned it on, and the one that signed in');
  assert.is(count(types, 'AdminLoggedIn'), 3, 'the sign-in before two-step, and one per code');

  // Both processes stop and start again on the same data folder and Redis, their clock a step later: nothing spent
  // works again, and the codes not spent yet work once.
  nowMs += stepMs;
  await site.restart(nowMs);
  const spentCode = codeAt(account.secret, stepOf(nowMs));
  const after = await replay(site, account, [account.recovery[0]!, spentCode]);
  assert.equal(after.notRefused, [], 'spent codes after a restart');
  assert.equal(
    await raceSignIns(site.urls, { username: 'racer', password: account.password, code: account.recovery[1]! }, 10),
    { parallel: 10, sessions: 1, refused: 9, other: [] },
  );
  assert.equal(
    await raceSignIns(
      site.urls,
      { username: 'racer', password: account.password, code: codeAt(account.secret, stepOf(nowMs) + 1) },
      10,
    ),
    { parallel: 10, sessions: 1, refused: 9, other: [] },
  );
  types = await typesIn('racer');
  assert.is(count(types, 'AccountRecoveryCodeUsed'), 2);
  assert.is(count(types, 'AccountTwoStepCodeUsed'), 3);
  assert.is(count(types, 'AdminLoggedIn'), 5);
});

test.run();
