import { useCallback } from 'react';
import { useApiMutation } from '../../api/hooks';

/**
 * What a delete confirmation says about the recycle bin, with the server's retention
 * (RECYCLE_BIN_DAYS), read when the user asks to delete; without an answer it leaves the days out.
 */
export function useBinNotice(projectId: string) {
  const { call } = useApiMutation();
  return useCallback(async (): Promise<string> => {
    try {
      const answer = await call('getReportProjectsByProjectIdRecycleBin', { path: { projectId }, query: { pageSize: '1' } }, { silent: true });
      return `移入回收站（保留 ${answer.result.retention_days} 天，期间可在回收站还原）`;
    } catch {
      return '移入回收站（期间可在回收站还原）';
    }
  }, [call, projectId]);
}
