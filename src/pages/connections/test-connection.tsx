import { ApiOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { feedback } from '../../lib/feedback';
import { useResourceCall } from '../../providers/data/use-resource-call';
import type { FormActionProps } from '../../resources/types';

/** 测试连接: connects once with what the form holds (a saved connection's own password when left empty) and says how it went. */
export function TestConnection({ projectId, id, values }: FormActionProps) {
  const { call } = useResourceCall('connections', projectId);
  const [testing, setTesting] = useState(false);
  const test = async () => {
    setTesting(true);
    try {
      const answer = await call<{ success: boolean; message: string }>('test', 'post', { ...values(), ...(id === undefined ? {} : { id }) });
      if (answer.success) feedback.success(answer.message);
      else feedback.error(answer.message);
    } catch {
      // The HTTP layer has said why.
    } finally {
      setTesting(false);
    }
  };
  return (
    <Button icon={<ApiOutlined />} loading={testing} onClick={() => void test()} className="form-action">
      测试连接
    </Button>
  );
}
