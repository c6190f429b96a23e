// Preloaded into a benchmarked process (run with --expose-gc): answers a 'memory' message on its IPC channel with
// process.memoryUsage() after a full collection, so memory is read without adding an endpoint to the shop.
process.on('message', (message) => {
  if (message !== 'memory' || !process.send) return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send({ memory: process.memoryUsage() });
});
