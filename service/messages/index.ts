// The shop writing to people who asked it to: contact messages and the owner's inbox, newsletter consents,
// back-in-stock requests, and the unsubscribe links that stop them (decisions 090, 091).
import type { Reactions } from '../../projections/engine/reactor.ts';
import type { Capability } from '../capability.ts';
import { messageReactions } from './reactions.ts';
import { restockReactions } from './restockReactions.ts';
import { restockRoutes } from './restockRoutes.ts';
import { messageRoutes } from './routes.ts';

export const messages: Capability = {
  name: 'messages',
  routes: (routers, deps) => {
    messageRoutes(routers, deps);
    restockRoutes(routers, deps);
  },
  reactions: (deps): Reactions => ({ ...messageReactions(deps), ...restockReactions(deps) }),
};
