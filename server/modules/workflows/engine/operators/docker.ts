import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

const DOCKER_SOCKET = '/var/run/docker.sock';
const PROBE_TIMEOUT_MS = 10_000;
/** The server's Docker client settings, the only ones of its environment the docker CLI is given. */
const DOCKER_CLIENT_VARS = ['HOME', 'DOCKER_HOST', 'DOCKER_CONFIG', 'DOCKER_CONTEXT', 'DOCKER_TLS_VERIFY', 'DOCKER_CERT_PATH'];

/** The environment of the docker CLI (not of the script: that one is passed with -e). */
export function dockerClientEnv(path: string): Record<string, string> {
  const env: Record<string, string> = { PATH: path };
  for (const name of DOCKER_CLIENT_VARS) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}

/** A Docker daemon answers: DOCKER_HOST is set or the default socket exists, and `docker version` succeeds. */
export function dockerReachable(path: string): Promise<boolean> {
  if (!process.env.DOCKER_HOST && !existsSync(DOCKER_SOCKET)) return Promise.resolve(false);
  return new Promise((resolve) => {
    execFile('docker', ['version', '--format', '{{.Server.Version}}'], { env: dockerClientEnv(path), timeout: PROBE_TIMEOUT_MS }, (error) => resolve(!error));
  });
}

/** Removes a container that may still run after its docker CLI was stopped; failures are of no interest. */
export function killContainer(path: string, name: string): void {
  execFile('docker', ['rm', '-f', name], { env: dockerClientEnv(path), timeout: PROBE_TIMEOUT_MS }, () => undefined);
}
