import { describe, expect, it } from 'vitest';
import { setupBrowser, signInAsDemo } from './browser';

// A larger per-file limit of the chunked upload than the default.
const ctx = setupBrowser({ CHUNKED_FILE_MAX_BYTES: '10000000' });

/** Signs in as demo and opens the demo project; answers the project's uuid. */
async function signInToProject(): Promise<string> {
  const { page, server } = ctx;
  await signInAsDemo(page, server.url);
  await page.getByText('城市体检示例项目').click();
  await page.waitForURL(/#\/main\/[0-9a-f-]{36}\/reportList/);
  return /#\/main\/([0-9a-f-]{36})\//.exec(page.url())![1];
}

interface Outcome {
  original: string;
  answered: string;
  downloaded: string;
  size: number;
  downloadedSize: number;
  name: string;
  log: { pass: number; received: number[]; failed: number[] }[];
}

/**
 * The ChunkedUpload protocol (src/pages/library/uploads/chunked.ts) in its smallest form, run in
 * the signed-in page: each pass asks what arrived, sends the missing chunks three at a time,
 * and passes again after a failure; then success/ joins the file.
 */
async function uploadInPage(projectUuid: string, size: number, chunkBytes: number): Promise<Outcome> {
  return ctx.page.evaluate(
    async ({ projectUuid, size, chunkBytes }) => {
      const cookie = (name: string) => {
        const item = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
        return item ? decodeURIComponent(item.slice(name.length + 1)) : '';
      };
      const headers: Record<string, string> = { Authorization: `Token ${cookie('token')}`, 'Accept-Language': 'zh-Hans' };
      if (cookie('organization_uuid')) headers.Organization = cookie('organization_uuid');
      const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

      // A PDF-shaped file with content that does not repeat.
      const bytes = new Uint8Array(size);
      const head = new TextEncoder().encode('%PDF-1.4\n');
      bytes.set(head);
      let seed = 2463534242;
      for (let i = head.length; i < size; i++) {
        seed ^= seed << 13;
        seed ^= seed >>> 17;
        seed ^= seed << 5;
        bytes[i] = seed & 0xff;
      }
      const file = new File([bytes], '分片续传测试.pdf', { type: 'application/pdf' });
      const original = hex(await crypto.subtle.digest('SHA-256', bytes));

      const taskId = crypto.randomUUID();
      const chunks = Math.ceil(size / chunkBytes);
      const sendChunk = async (chunk: number) => {
        const body = new FormData();
        body.append('task_id', taskId);
        body.append('chunk', String(chunk));
        body.append('chunks', String(chunks));
        body.append('size', String(size));
        body.append('name', file.name);
        body.append('project_uuid', projectUuid);
        body.append('file', file.slice(chunk * chunkBytes, (chunk + 1) * chunkBytes), file.name);
        const response = await fetch('/api/uploader/v2/index/', { method: 'POST', headers, body });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      };

      const log: { pass: number; received: number[]; failed: number[] }[] = [];
      for (let pass = 0; pass < 3; pass++) {
        const { chunks: received } = (await (await fetch(`/api/uploader/v2/index/?task_id=${taskId}`, { headers })).json()) as { chunks: number[] };
        const missing = Array.from({ length: chunks }, (_, i) => i).filter((i) => !received.includes(i));
        const failed: number[] = [];
        let next = 0;
        const worker = async () => {
          while (next < missing.length) {
            const chunk = missing[next++];
            await sendChunk(chunk).catch(() => failed.push(chunk));
          }
        };
        await Promise.all([worker(), worker(), worker()]);
        log.push({ pass, received, failed });
        if (failed.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** pass));
      }

      const sha256 = hex(await crypto.subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer())));
      const done = await fetch('/api/uploader/v2/success/', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ task_id: taskId, id: 'WU_FILE_0', name: file.name, sha256 }),
      });
      const answer = (await done.json()) as { url: string; sha256: string; name: string; message?: string };
      if (!done.ok) throw new Error(`success/ ${done.status}: ${answer.message}`);
      // The file's address takes the token cookie alone, as an <img src> or a download link would.
      const content = await (await fetch(answer.url)).arrayBuffer();
      return {
        original,
        answered: answer.sha256,
        downloaded: hex(await crypto.subtle.digest('SHA-256', content)),
        size,
        downloadedSize: content.byteLength,
        name: answer.name,
        log,
      };
    },
    { projectUuid, size, chunkBytes },
  );
}

describe('uploads in the browser', () => {
  it('resumes a chunked upload after a dropped connection and stores the file byte for byte', async () => {
    const projectUuid = await signInToProject();
    const { page } = ctx;
    const posts: number[] = [];
    let gets = 0;
    let dropped: number | null = null;
    await page.route(
      (url) => url.pathname === '/api/uploader/v2/index/',
      async (route) => {
        const request = route.request();
        if (request.method() !== 'POST') {
          gets += 1;
          return route.continue();
        }
        const chunk = Number(/name="chunk"\r\n\r\n(\d+)/.exec(request.postDataBuffer()?.toString('latin1') ?? '')?.[1]);
        posts.push(chunk);
        // The third chunk request of the first pass never arrives.
        if (posts.length === 3 && dropped === null) {
          dropped = chunk;
          return route.abort('connectionreset');
        }
        return route.continue();
      },
    );

    const outcome = await uploadInPage(projectUuid, 5 * 1024 * 1024, 1024 * 1024);

    expect(dropped).not.toBeNull();
    expect(outcome.log).toHaveLength(2);
    expect(outcome.log[0]).toEqual({ pass: 0, received: [], failed: [dropped] });
    expect(outcome.log[1].received).toEqual([0, 1, 2, 3, 4].filter((i) => i !== dropped));
    expect(outcome.log[1].failed).toEqual([]);
    expect(gets).toBe(2);
    // Every chunk once, and the lost one again: nothing the server had was resent.
    expect(posts).toHaveLength(6);
    expect([...posts.slice(0, 5)].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(posts[5]).toBe(dropped);

    expect(outcome.name).toBe('分片续传测试.pdf');
    expect(outcome.downloadedSize).toBe(outcome.size);
    expect(outcome.answered).toBe(outcome.original);
    expect(outcome.downloaded).toBe(outcome.original);
  });

  it('serves the built-in default covers with the app', async () => {
    const { page, server } = ctx;
    for (let n = 1; n <= 5; n++) {
      const response = await page.request.get(`${server.url}/covers/default-${n}.png`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      expect((await response.body()).subarray(1, 4).toString('latin1')).toBe('PNG');
    }
  });
});
