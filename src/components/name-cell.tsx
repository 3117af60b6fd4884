import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * A name on one line, cut short with an ellipsis by CSS (in a table: by its column's
 * `ellipsis: { showTitle: false }`), shown whole in a tooltip on hover. Not antd Typography's
 * `ellipsis`: that measures each name as it mounts, a forced layout per card of a list.
 */
export function NameCell({ text, children, className }: { text: string; children?: ReactNode; className?: string }) {
  return (
    <Tooltip title={text} placement="topLeft">
      <span className={className ? `name-cell ${className}` : 'name-cell'}>{children ?? text}</span>
    </Tooltip>
  );
}
