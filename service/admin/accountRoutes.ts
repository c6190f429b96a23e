// The owners' management of accounts: list, create (owner or auditor), change a role, reset a password, disable and
// enable. Every decision is an event in the account's stream; a new password is random, shown once to the owner who
// asked for it, and kept only as its scrypt hash. GET /api/admin/me tells the admin which role its session acts in.
import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { adminApi } from '../../contracts/admin/api.ts';
import type { AccountDto } from '../../contracts/admin/model.ts';
import { adminStream, idOf, unknownSignInStream } from '../../contracts/shared/streams.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf, sessionOf } from '../http/adminRouter.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { accountDecider, accountDto, foldAccount, type AccountCommand } from './accounts.ts';
import { downloadGrantDecider, type DownloadGrantCommand } from './downloadGrants.ts';
import { hashPassword } from './password.ts';
import { sealPasswordHash } from './passwordSeal.ts';
import { sessionCheckFor } from './sessions.ts';

/** 120 random bits: a password nobody guesses, so its hash in the log (and in an export) gives nothing away. */
export const newAccountPassword = () => randomBytes(15).toString('base64url');

const unknownNamesPrefix = unknownSignInStream('0000-00-00').slice(0, -'0000-00-00'.length);

export async function listAccounts(deps: Pick<ShopDeps, 'events' | 'admin'>): Promise<AccountDto[]> {
  const names = (await deps.events.listStreams(adminStream('')))
    .map((s) => s.stream)
    .filter((stream) => !stream.startsWith(unknownNamesPrefix))
    .map(idOf);
  const accounts: AccountDto[] = [];
  for (const username of new Set([deps.admin.username, ...names])) {
    const state = foldAccount(await deps.events.readStream(adminStream(username)));
    const configured = username === deps.admin.username;
    if (configured || state.exists) accounts.push(accountDto(state, username, configured));
  }
  return accounts.sort((a, b) => Number(b.configured) - Number(a.configured) || a.username.localeCompare(b.username));
}

export function accountRoutes(routers: Routers, deps: ShopDeps) {
  const decider = accountDecider(deps.admin.username);
  const sessions = sessionCheckFor(deps.events);

  const grants = downloadGrantDecider(deps.admin.username);

  const decide = async (
    ctx: Context,
    username: string,
    command: (by: string, at: string) => Promise<AccountCommand | DownloadGrantCommand>,
  ) => {
    const by = adminOf(ctx);
    const now = deps.clock();
    const stream = adminStream(username);
    const decided = await command(by, now.toISOString());
    if (decided.type === 'GrantDownload' || decided.type === 'RevokeDownload')
      await handleCommand(deps.events, stream, grants, decided, commandMeta(ctx, `admin:${by}`, now));
    else await handleCommand(deps.events, stream, decider, decided, commandMeta(ctx, `admin:${by}`, now));
    // This process sees the change on the account's very next request; others within a second.
    sessions.forget(username);
    return accountDto(foldAccount(await deps.events.readStream(stream)), username);
  };

  route(routers, adminApi.me, async (ctx) => {
    const { username, role, mayDownloadPersonalData } = sessionOf(ctx);
    ctx.body = {
      username,
      role,
      twoStep: foldAccount(await deps.events.readStream(adminStream(username))).twoStep !== null,
      mayDownloadPersonalData: mayDownloadPersonalData ?? false,
    };
  });

  route(routers, adminApi.accounts, async (ctx) => {
    ctx.body = { accounts: await listAccounts(deps) };
  });

  route(routers, adminApi.createAccount, async (ctx, input) => {
    const { username, role } = input.body();
    const password = newAccountPassword();
    const sealedPasswordHash = sealPasswordHash(
      deps.jwtSecret,
      username,
      await hashPassword(password, deps.config.NODE_ENV),
    );
    const account = await decide(ctx, username, async (by, at) => ({
      type: 'CreateAccount',
      username,
      role,
      sealedPasswordHash,
      by,
      at,
    }));
    ctx.status = 201;
    ctx.body = { success: true, message: adminApi.createAccount.messages.created, account, password };
  });

  route(routers, adminApi.changeRole, async (ctx, input) => {
    const { role } = input.body();
    const { username } = ctx.params;
    const account = await decide(ctx, username, async (by, at) => ({ type: 'ChangeRole', username, role, by, at }));
    ctx.body = { success: true, message: adminApi.changeRole.messages.changed, account };
  });

  route(routers, adminApi.resetPassword, async (ctx) => {
    const { username } = ctx.params;
    const password = newAccountPassword();
    const sealedPasswordHash = sealPasswordHash(
      deps.jwtSecret,
      username,
      await hashPassword(password, deps.config.NODE_ENV),
    );
    const account = await decide(ctx, username, async (by, at) => ({
      type: 'ResetPassword',
      username,
      sealedPasswordHash,
      by,
      at,
    }));
    ctx.body = { success: true, message: adminApi.resetPassword.messages.reset, account, password };
  });

  route(routers, adminApi.disableAccount, async (ctx) => {
    const { username } = ctx.params;
    const account = await decide(ctx, username, async (by, at) => ({ type: 'Disable', username, by, at }));
    ctx.body = { success: true, message: adminApi.disableAccount.messages.disabled, account };
  });

  route(routers, adminApi.enableAccount, async (ctx) => {
    const { username } = ctx.params;
    const account = await decide(ctx, username, async (by, at) => ({ type: 'Enable', username, by, at }));
    ctx.body = { success: true, message: adminApi.enableAccount.messages.enabled, account };
  });

  route(routers, adminApi.grantDownload, async (ctx) => {
    const { username } = ctx.params;
    const account = await decide(ctx, username, async (by, at) => ({ type: 'GrantDownload', username, by, at }));
    ctx.body = { success: true, message: adminApi.grantDownload.messages.granted, account };
  });

  route(routers, adminApi.revokeDownload, async (ctx) => {
    const { username } = ctx.params;
    const account = await decide(ctx, username, async (by, at) => ({ type: 'RevokeDownload', username, by, at }));
    ctx.body = { success: true, message: adminApi.revokeDownload.messages.revoked, account };
  });
}
