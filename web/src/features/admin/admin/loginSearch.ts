// The login page's query: `redirect`, the admin page a visitor was sent away from, to return to once logged in. Only
// an address on this site other than the login page's own counts; anything else is treated as absent.
import * as v from 'valibot';

const loginPage = /^\/admin(\/|-)login(?![^?#])/;

const sameSite = (value: unknown) =>
  typeof value === 'string' &&
  value.startsWith('/') &&
  !value.startsWith('//') &&
  !value.includes('\\') &&
  !loginPage.test(value)
    ? value.slice(0, 2000)
    : undefined;

export const LoginSearchSchema = v.object({ redirect: v.optional(v.pipe(v.unknown(), v.transform(sameSite))) });
