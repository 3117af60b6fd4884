import type { RowActionProps } from '../../resources/types';
import { ScriptCodeAction } from './script-code';
import { ScriptParamsAction } from './script-params';

/** A script row's own actions: 代码 (code view, versions, 试运行) and 参数. */
export function ScriptRowActions(props: RowActionProps) {
  return (
    <>
      <ScriptCodeAction {...props} />
      <ScriptParamsAction {...props} />
    </>
  );
}
