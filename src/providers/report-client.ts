import { AxiosError, type AxiosResponse } from 'axios';
import { config } from '../config';
import { bodyCode, createClient } from './http';

/**
 * The report service may answer 2xx with a failure in the body (`{code: 400, message}`); that
 * answer takes the path of an HTTP 400 (the server's message is told), so pages never look at a
 * body `code`. Its own module keeps it out of the login screen's JavaScript.
 */
function refuseFailedEnvelope(response: AxiosResponse): AxiosResponse {
  const code = bodyCode(response.data);
  if (code === undefined || code === 200 || code === 201) return response;
  throw new AxiosError('failed envelope', AxiosError.ERR_BAD_RESPONSE, response.config, response.request, { ...response, status: 400 });
}

export const reportClient = createClient(config.reportBase, 120_000, refuseFailedEnvelope);
