// uvu as a test file sees it under `infra/scripts/isolation.ts`: the same `suite`, `test` and `exec`, except that only
// the ISOLATION_PICK-th test the file registers runs (every other one is skipped, its hooks still run), or, with
// ISOLATION_PICK unset, none runs and each test's name is printed after ISOLATION_MARK.
import * as uvu from 'uvu';
import type { Callback, Test } from 'uvu';

const pick = process.env.ISOLATION_PICK === undefined ? -1 : Number(process.env.ISOLATION_PICK);
const mark = process.env.ISOLATION_MARK ?? '';
let registered = 0;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function suite<T = Record<string, any>>(name = '', state?: T): Test<T> {
  const real = uvu.suite<T>(name, state);
  const register = (only: boolean) => (testName: string, handler: Callback<T>) => {
    const n = registered++;
    if (pick < 0) console.log(mark + JSON.stringify(name ? `${name} > ${testName}` : testName));
    if (n === pick && only) real.only(testName, handler);
    else if (n === pick) real(testName, handler);
    else real.skip(testName, handler);
  };
  return Object.assign(register(false), {
    before: real.before,
    after: real.after,
    only: register(true),
    skip: (testName?: string, handler?: Callback<T>) => real.skip(testName, handler),
    run: pick < 0 ? () => {} : () => real.run(),
  });
}

export const test = suite();
export const exec = uvu.exec;
