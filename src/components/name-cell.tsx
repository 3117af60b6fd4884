import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * A name in a table cell whose column has `ellipsis: { showTitle: false }`: cut short with an
 * ellipsis by the column, shown whole in a tooltip on hover.
 */
export function NameCell({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Tooltip title={text} placement="topLeft">
      <span className="name-cell">{children ?? text}</span>
    </Tooltip>
  );
}
