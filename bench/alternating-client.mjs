// One client in a worker thread (`alternate` in harness.ts): autocannon, one connection, the
// paths requested in turn; each response's time kept under its path.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { origin, paths, headers, warmupSeconds, seconds } = workerData;
const requests = paths.map((path) => ({ method: 'GET', path }));

function fire(duration, times) {
  return new Promise((resolve, reject) => {
    let answered = 0;
    const instance = autocannon({ url: origin, headers, connections: 1, duration, requests }, (error) => (error ? reject(error) : resolve()));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status !== 200) reject(new Error(`${paths[answered % paths.length]} answered ${status}`));
      times?.[answered % paths.length].push(ms);
      answered += 1;
    });
  });
}

await fire(warmupSeconds);
const times = paths.map(() => []);
await fire(seconds, times);
parentPort.postMessage(times);
