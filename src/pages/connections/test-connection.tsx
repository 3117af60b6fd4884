import { ApiOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../api/hooks';
import type { FormActionProps } from '../../resources/types';

/** 测试连接: connects once with what the form holds (a saved connection's own password when left empty) and says how it went. */
export function TestConnection({ projectId, id, values }: FormActionProps) {
  const { call } = useApiMutation();
  const [testing, setTesting] = useState(false);
  const test = async () => {
    setTesting(true);
    try {
      const body = { ...values(), ...(id === undefined ? {} : { id }) };
      const { success, message } = await call('postConnectionProjectsByProjectUuidConnectionsTestConnection', { path: { project_uuid: projectId }, body: body as never });
      if (success) feedback.success(message);
      else feedback.error(message);
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
