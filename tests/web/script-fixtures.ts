import { paramSpec, type ParamType } from '../../contract/workflows';
import { adminDetails } from './project-fixtures';

export const scriptsBase = '*/api/script/projects/p-1/scripts';
export const at = '2024-03-06 11:00:00';
/** An admin who may also view, create, edit and delete scripts. */
export const scriptDetails = [...adminDetails, ...['view', 'create', 'edit', 'delete'].map((action) => `script.script.${action}_script`)];

/** A parameter of script 3 as the server answers it. */
export const param = (id: number, field_name: string, type: string, extra: object = {}) => ({
  id,
  script_id: 3,
  direction: 'input',
  ...paramSpec(field_name, type as ParamType),
  created_at: at,
  updated_at: at,
  ...extra,
});
