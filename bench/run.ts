import { chunkedUpload, readUploadMegabytes } from './chunked-upload';
import { DEFAULT_POSTGRES_URL, describeError, readSettings, type LoadSettings } from './harness';
import { projectsList } from './projects-list';

let settings: LoadSettings;
let uploadMegabytes: number;
try {
  settings = readSettings(process.env);
  uploadMegabytes = readUploadMegabytes(process.env);
} catch (error) {
  console.error(`bench: ${describeError(error)}`);
  process.exit(1);
}
const postgresUrl = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;

// Safety net: two databases, each with warm-up and measurement, plus generous setup time,
// plus the upload at no slower than 1 MB/s.
const limitMs = 2 * (settings.warmupSeconds + settings.seconds) * 1000 + 120_000 + uploadMegabytes * 1000;
setTimeout(() => {
  console.error(`bench: still running after ${limitMs / 1000} s, giving up`);
  process.exit(2);
}, limitMs).unref();

try {
  console.log(await projectsList(settings, postgresUrl));
  console.log();
  console.log(await chunkedUpload(uploadMegabytes));
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
}
