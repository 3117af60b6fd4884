import { Checkbox, Flex } from 'antd';
import { useState } from 'react';

/** The 清除重跑 confirmation: all task instances, or only the failed ones and those after them. */
export function ClearChoice({ runId, onChange }: { runId: string; onChange: (onlyFailed: boolean) => void }) {
  const [onlyFailed, setOnlyFailed] = useState(false);
  return (
    <Flex vertical gap={8}>
      <span>确定清除运行 {runId} 的任务实例并重新运行？</span>
      <Checkbox
        checked={onlyFailed}
        onChange={(event) => {
          setOnlyFailed(event.target.checked);
          onChange(event.target.checked);
        }}
      >
        仅重跑失败的任务及其下游任务
      </Checkbox>
    </Flex>
  );
}
