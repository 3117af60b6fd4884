import axios, { type AxiosResponse } from 'axios';
import { feedback } from '../../../lib/feedback';
import { reportClient } from '../../../providers/http';
import { libraryPath, type LibraryKind } from '../kinds';
import type { ItemBody } from './form-values';

export const saveTexts = {
  edited: '数据保存成功!',
  unreachable: '系统错误',
} as const;

/** saved; refused: the server said why; unreachable: no answer came. */
export type SaveOutcome = 'saved' | 'refused' | 'unreachable';

interface Answer {
  code?: number;
  message?: string;
}

async function send(request: () => Promise<AxiosResponse<Answer>>): Promise<SaveOutcome> {
  try {
    const { status, data } = await request();
    if (status === 201 || data?.code === 200) return 'saved';
    // A 2xx answer whose code is not a success: the server's message (spec section 8).
    feedback.error(data?.message || saveTexts.unreachable);
    return 'refused';
  } catch (error) {
    // The error catalogue has told the user (系统错误 when no answer came, see options).
    return axios.isAxiosError(error) && error.response ? 'refused' : 'unreachable';
  }
}

const options = { networkErrorText: saveTexts.unreachable };

export function createItem(projectUuid: string, kind: LibraryKind, body: ItemBody): Promise<SaveOutcome> {
  return send(() => reportClient.post<Answer>(libraryPath(projectUuid, kind, 'item', 'report_create/'), body, options));
}

/** All or nothing: the server creates every item or none. */
export function createItems(projectUuid: string, kind: LibraryKind, bodies: ItemBody[]): Promise<SaveOutcome> {
  return send(() => reportClient.post<Answer>(libraryPath(projectUuid, kind, 'item', 'bulk_create/'), bodies, options));
}

export function editItem(projectUuid: string, kind: LibraryKind, body: ItemBody): Promise<SaveOutcome> {
  return send(() => reportClient.put<Answer>(libraryPath(projectUuid, kind, 'item', `${kind.editPath}/`), body, options));
}
