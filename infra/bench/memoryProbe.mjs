// Preloaded into a benchmarked process (run with --expose-gc): answers a 'memory' message on its IPC channel with
// process.memoryUsage() after a full collection, so memory is read without adding an endpoint to the shop. Plain
// JavaScript, so it loads into the compiled server without tsx.
process.on('message', (message) => {
  if (message !== 'memory' || !process.send) return;
  globalThis.gc?.();
  process.send({ memory: process.memoryUsage() });
});
