// What each capability hands the shell: its routes and its reactions to events. The read models are listed once, in
// projections/index.ts, where the runner reads them.
import type { Reactions } from '../projections/engine/reactor.ts';
import type { ShopDeps } from './deps.ts';
import type { RouteModule } from './http/route.ts';

/**
 * What a reaction may use: the log, the mailer, the payment gateway, the clock, the configuration, the logger and the
 * token secret (the buyer's signed receipt link in the confirmation e-mail).
 */
export type ReactionDeps = Pick<
  ShopDeps,
  'config' | 'events' | 'mailer' | 'payments' | 'clock' | 'logger' | 'jwtSecret'
>;

export type Capability = {
  name: string;
  /** Registers the capability's routes, each from its endpoint's declaration. */
  routes: RouteModule<ShopDeps>;
  /** Side effects of its events, run by the reactor on its own checkpoint. */
  reactions?: (deps: ReactionDeps) => Reactions;
};
