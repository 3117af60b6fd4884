import { permissionDetail } from '../../../../contract/permissions';

export const WORKFLOW_BASE = '/api/airflow/projects/:project_uuid/workflows';
export const mayWorkflow = (action: 'view' | 'create' | 'edit' | 'delete') => permissionDetail('airflow', 'workflow', action);
export const workflowTags = ['工作流'];
