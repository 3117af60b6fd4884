import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, type OperationName } from '../../src/api/client';
import { operations } from '../../src/api/operations';
import { platformClient } from '../../src/providers/http';
import { reportClient } from '../../src/providers/report-client';

/** Every request either client would send; answered 200 `{}` (a delete 204, as the contract says) without a network. */
const sent = vi.fn<(config: InternalAxiosRequestConfig) => void>();
const adapter: AxiosAdapter = async (config) => {
  sent(config);
  return config.method === 'delete'
    ? { data: '', status: 204, statusText: 'No Content', headers: {}, config }
    : { data: {}, status: 200, statusText: 'OK', headers: {}, config };
};
const clients = [platformClient, reportClient];
const adapters = clients.map((client) => client.defaults.adapter);
beforeAll(() => clients.forEach((client) => (client.defaults.adapter = adapter)));
afterAll(() => clients.forEach((client, index) => (client.defaults.adapter = adapters[index])));
beforeEach(() => sent.mockClear());

/** Loose arguments, so a required parameter can be left out as a caller with wrong types would. */
type LooseCall = (name: OperationName, args: { path: Record<string, unknown>; body: Record<string, unknown> }) => Promise<unknown>;
const call = api.call as unknown as LooseCall;

/** A path parameter's value: `<param>-1`, and a file path with its slashes for the wildcard `{*}`. */
const sample = (param: string) => (param === '*' ? 'dir/file.pdf' : `${param}-1`);

/** A value for every required parameter of the operation. */
function fullArgs(name: OperationName): { path: Record<string, unknown>; body: Record<string, unknown> } {
  const { pathParams, bodyParams } = operations[name];
  return {
    path: Object.fromEntries(pathParams.map((param) => [param, sample(param)])),
    body: Object.fromEntries(bodyParams.map((param) => [param, 'value'])),
  };
}

const entries = (Object.keys(operations) as OperationName[]).map((name) => ({ name, ...operations[name] }));
const withRequired = entries.flatMap((operation) => [
  ...operation.pathParams.map((param) => ({ ...operation, param, where: 'path' as const })),
  ...operation.bodyParams.map((param) => ({ ...operation, param, where: 'body' as const })),
]);

describe('the typed client', () => {
  it('knows operations with required path and body parameters', () => {
    expect(withRequired.some(({ where }) => where === 'path')).toBe(true);
    expect(withRequired.some(({ where }) => where === 'body')).toBe(true);
  });

  describe.each(withRequired)('$name without its $where parameter $param', ({ name, param, where }) => {
    const message = `Missing the required parameter '${param}' when calling ${name}`;
    it.each([
      ['omitted', undefined],
      ['null', null],
    ])('%s: throws and sends nothing', async (_, value) => {
      const args = fullArgs(name);
      if (value === undefined) delete args[where][param];
      else args[where][param] = value;
      await expect(call(name, args)).rejects.toThrow(new Error(message));
      expect(sent).not.toHaveBeenCalled();
    });
  });

  it.each(entries)('$method $path is sent as $name with its path filled', async ({ name, method, path }) => {
    const args = fullArgs(name);
    await call(name, args);
    expect(sent).toHaveBeenCalledTimes(1);
    const request = sent.mock.calls[0][0];
    expect(request.method).toBe(method);
    expect(request.url).toBe(path.replace(/\{([^}]+)\}/g, (_, param: string) => sample(param)));
    if (operations[name].bodyParams.length) expect(JSON.parse(request.data as string)).toEqual(args.body);
  });
});
