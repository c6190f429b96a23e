// The shop's process starts here (`node --import tsx service/main.ts`), as it always has: deployments, scripts and the
// golden-log verifier run this path. What starts is put together in infra/main/shop.ts, above every layer.
import '../infra/main/shop.ts';
