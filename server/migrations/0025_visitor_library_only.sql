-- The built-in 访客 role reads the library, no longer data connections, scripts or workflows (their runs and task logs).
UPDATE "roles"
SET "permissions" = array_remove(array_remove(array_remove(array_remove("permissions",
      'connection.connection.view_connection'), 'script.script.view_script'), 'airflow.workflow.view_workflow'), 'airflow.dagrun.view_dagrun'),
    "updated_at" = now()
WHERE "builtin" = 'visitor';
