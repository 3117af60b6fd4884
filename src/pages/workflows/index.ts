/** The workflow screens, one chunk: the list's row action and the workflow page (the form inputs are in ./inputs). */
export { OpenWorkflowAction } from './open-workflow';
export { WorkflowPage } from './workflow-page';
