// Runs the event store contract against EventStoreDB when EVENTSTORE_URL names one; otherwise says plainly it did not.
import { test } from 'uvu';
import { eventStoreContract } from '../../testing/eventStoreContract.ts';
import { openEsdbEventStore } from './esdbEventStore.ts';

const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('esdb', async () => openEsdbEventStore(url)).run();
} else {
  console.log('SKIP event store contract (esdb): EVENTSTORE_URL is not set; no EventStoreDB server runs here');
  test.skip('event store contract (esdb)');
  test.run();
}
