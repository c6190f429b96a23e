// The baseline: a bare Koa hello-world on the port given as the first argument, plain JavaScript run by node itself
// like the compiled shop.
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = 'Hello World';
});
app.listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.('listening'));
