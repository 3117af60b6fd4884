import { DEFAULT_POSTGRES_URL, describeError, readSettings, type LoadSettings } from './harness';
import { projectsList } from './projects-list';

let settings: LoadSettings;
try {
  settings = readSettings(process.env);
} catch (error) {
  console.error(`bench: ${describeError(error)}`);
  process.exit(1);
}
const postgresUrl = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;

// Safety net: two databases, each with warm-up and measurement, plus generous setup time.
const limitMs = 2 * (settings.warmupSeconds + settings.seconds) * 1000 + 120_000;
setTimeout(() => {
  console.error(`bench: still running after ${limitMs / 1000} s, giving up`);
  process.exit(2);
}, limitMs).unref();

try {
  console.log(await projectsList(settings, postgresUrl));
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
}
