import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedback, SAME_MESSAGE_MS, setMessageApi } from '../../src/lib/feedback';

describe('feedback messages', () => {
  afterEach(() => {
    vi.useRealTimers();
    setMessageApi(undefined);
  });

  it('shows the same message once for calls at the same moment, again a moment later, and never reuses a key', () => {
    vi.useFakeTimers();
    const open = vi.fn();
    setMessageApi({ open } as unknown as MessageInstance);
    feedback.error('接口发生错误');
    feedback.error('接口发生错误');
    feedback.success('新增任务成功');
    expect(open.mock.calls.map(([config]) => config)).toEqual([
      { type: 'error', content: '接口发生错误' },
      { type: 'success', content: '新增任务成功' },
    ]);
    // A second task added a moment later: its message is shown as a message of its own (a message
    // opened again under the key of one still closing stayed on screen over the task log's ×).
    vi.advanceTimersByTime(SAME_MESSAGE_MS);
    feedback.success('新增任务成功');
    expect(open).toHaveBeenCalledTimes(3);
    expect(open.mock.calls.every(([config]) => !('key' in config))).toBe(true);
  });
});
