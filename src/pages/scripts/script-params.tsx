import { UnorderedListOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Button } from 'antd';
import { SideDrawer } from '../../components/side-drawer';
import { useState } from 'react';
import { ResourceList } from '../../components/resource-pages/resource-list';
import { findResource } from '../../resources';
import type { RowActionProps } from '../../resources/types';

/** 参数: the script's parameters, the generic list of scriptParams scoped to this script, in a drawer. */
export function ScriptParamsAction({ record }: RowActionProps) {
  const [open, setOpen] = useState(false);
  const invalidate = useInvalidate();
  // The scripts list counts the parameters.
  const close = () => {
    setOpen(false);
    void invalidate({ resource: 'scripts', invalidates: ['list'] });
  };
  return (
    <>
      <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setOpen(true)}>
        参数
      </Button>
      <SideDrawer title={`脚本参数：${String(record.name)}`} open={open} width={960} onClose={close}>
        {open && <ResourceList resource={findResource('scriptParams')!} scope={{ scriptId: record.id as number }} />}
      </SideDrawer>
    </>
  );
}
