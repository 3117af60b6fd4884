import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, multipart, padded, SAMPLES, type TestContext } from './helpers';

let ctx: TestContext;
let token: string;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

/** A refused upload of a few MB: a PNG sent as a report PDF, or one without a session. */
function refusedUpload(signedIn: boolean) {
  const body = multipart({}, { name: 'report.pdf', content: padded(SAMPLES.png, 3 * 1024 * 1024) });
  const head =
    'POST /api/uploader/v1/file_upload/?purpose=report HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
    (signedIn ? `Authorization: Token ${token}\r\n` : '') +
    `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body.payload]);
}
const healthRequest = Buffer.from('GET /api/healthy/check/ HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');

/** Everything the server sends on one socket until it closes it or `until` matches. */
function exchange(write: (socket: net.Socket) => Promise<void>, until: (text: string) => boolean) {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = net.connect(port, '127.0.0.1', () => void write(socket).catch(() => undefined));
    socket.on('data', (data) => {
      text += data.toString('latin1');
      if (until(text)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('close', () => resolve(text));
    socket.on('error', (error) => (text ? resolve(text) : reject(error)));
  });
}

const responses = (text: string) => text.match(/HTTP\/1\.1 \d{3}/g) ?? [];

describe('a refused upload on a keep-alive connection', () => {
  it.each([
    ['a file of the wrong type', true, 400, '请上传正确的文件格式!'],
    ['an upload without a session', false, 401, '未登录'],
  ])('answers %s to a client that writes the whole body first, and leaves no next request waiting', async (_case, signedIn, status, message) => {
    const text = await exchange(
      async (socket) => {
        await new Promise<void>((done) => socket.write(refusedUpload(signedIn), () => done()));
        socket.write(healthRequest);
      },
      (received) => responses(received).length >= 2,
    );
    expect(responses(text)[0]).toBe(`HTTP/1.1 ${status}`);
    expect(Buffer.from(text, 'latin1').toString('utf8')).toContain(message);
    // Either the server drained the body and answered the next request, or it closed the connection (the client then reconnects).
    if (responses(text).length < 2) expect(text.toLowerCase()).toContain('connection: close');
    else expect(responses(text)[1]).toBe('HTTP/1.1 200');
  }, 60_000);
});
