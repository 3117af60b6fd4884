import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { storedFiles } from '../../server/db/schema';
import { createTestApp, login, SAMPLES, uploadFile, type TestContext } from './helpers';

// A stand-in soffice on the PATH: it waits while the hold file exists, then writes a PDF as soffice does.
const bin = mkdtempSync(path.join(os.tmpdir(), 'fake-soffice-'));
const hold = path.join(bin, 'hold');
const started = path.join(bin, 'started');
writeFileSync(
  path.join(bin, 'soffice'),
  `#!/bin/sh\ntouch '${started}'\nwhile [ -e '${hold}' ]; do sleep 0.1; done\nname=$(basename "$6")\nprintf '%%PDF-1.4 converted\\n' > "$5/\${name%.*}.pdf"\n`,
);
chmodSync(path.join(bin, 'soffice'), 0o755);
const searchPath = process.env.PATH;
process.env.PATH = `${bin}:${searchPath}`;

const FAST_QUEUE = { pollSeconds: 0.5, retryDelaySeconds: 0 };

let ctx: TestContext;
let second: FastifyInstance | undefined;
beforeAll(async () => {
  ctx = await createTestApp({ app: { jobs: FAST_QUEUE } });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await ctx.close();
  process.env.PATH = searchPath;
  rmSync(bin, { recursive: true, force: true });
});

const rowOf = async (id: number) => (await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0];

describe('Word to PDF conversion', () => {
  it('resumes on the next start when the server stopped in the middle of it', async () => {
    writeFileSync(hold, '');
    const token = await login(ctx.app);
    const { id, transcode } = await uploadFile(ctx.app, token, '方案.docx', SAMPLES.docx, 'report');
    expect(transcode).toBe('pending');
    await vi.waitFor(() => expect(existsSync(started)).toBe(true), { timeout: 20_000, interval: 50 });

    // The stop kills soffice and hands the job back: the file stays pending, with no conversion running.
    await ctx.app.close();
    expect((await rowOf(id)).transcode).toBe('pending');

    rmSync(hold);
    second = await buildApp({ config: ctx.app.config, database: ctx.database, webRoot: '/nonexistent', jobs: FAST_QUEUE });
    await second.ready();
    await vi.waitFor(async () => expect((await rowOf(id)).transcode).toBe('done'), { timeout: 20_000, interval: 100 });
    const row = await rowOf(id);
    expect(row.pdfSize).toBeGreaterThan(0);
    expect(await second.storage.size(row.pdfKey!)).toBe(row.pdfSize);
  }, 60_000);
});
