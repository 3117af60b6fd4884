import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { freePort } from '../../support/server-process';

export interface HostServer {
  url: string;
  close(): Promise<void>;
}

const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

/**
 * Builds the host page (this folder, with the qiankun package) and serves it at /host/ on an
 * origin of its own that passes every other path to the app's server: the same origin for the
 * browser, as behind a platform's gateway, and the host's page without the app's CSP (qiankun
 * evaluates the app's scripts, which a host allows itself).
 */
export async function serveHost(appUrl: string): Promise<HostServer> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'qiankun-host-'));
  await build({ root: import.meta.dirname, base: '/host/', configFile: false, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://host').pathname;
    if (pathname.startsWith('/host/')) {
      const file = path.join(outDir, path.normalize(pathname.slice('/host/'.length) || 'index.html'));
      if (!file.startsWith(outDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
      response.end(readFileSync(file));
      return;
    }
    const upstream = http.request(`${appUrl}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
