import { and, eq, lte, ne, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scriptTestRuns, scriptVersions, workflows, workflowVersions } from '../../db/schema';
import { inIds } from '../../lib/sql';
import { releaseFiles } from '../library/files';

/**
 * The version's file is run for this script by a published workflow version of the project. A
 * run executes its version's file whatever the script has since become, and its task instances
 * record the version of that file, so such versions are kept however old they are.
 */
const publishedForScript = (projectUuid: string, scriptId: number) => sql`exists (
  select 1 from ${workflowVersions} wv join ${workflows} w on w.id = wv.workflow_id
  where w.project_uuid = ${projectUuid}
    and wv.definition @> jsonb_build_object('tasks', jsonb_build_array(jsonb_build_object('script', jsonb_build_object('id', ${scriptId}::int, 'fileId', ${scriptVersions.fileId}))))
)`;

/**
 * Keeps a script's `keep` newest versions, plus every version a run recorded (a 试运行's
 * version, a file a published workflow version runs) and the current file; deletes the other
 * version rows and releases their files, which the orphan sweep then removes from storage once
 * no row names them. Runs inside the save's transaction, with the script's row locked, so two
 * saves of one script prune in turn.
 */
export async function pruneVersions(tx: Db, projectUuid: string, scriptId: number, currentFileId: number, keep: number): Promise<number> {
  const [newest] = await tx.select({ n: sql<number>`max(${scriptVersions.n})` }).from(scriptVersions).where(eq(scriptVersions.scriptId, scriptId));
  const cutoff = Number(newest?.n ?? 0) - keep;
  if (cutoff < 1) return 0;
  const testedRows = await tx.selectDistinct({ n: scriptTestRuns.version }).from(scriptTestRuns).where(eq(scriptTestRuns.scriptId, scriptId));

  const tested = testedRows.map((row) => row.n);
  const removed = await tx
    .delete(scriptVersions)
    .where(
      and(
        eq(scriptVersions.scriptId, scriptId),
        lte(scriptVersions.n, cutoff),
        ne(scriptVersions.fileId, currentFileId),
        not(publishedForScript(projectUuid, scriptId)),
        not(inIds(scriptVersions.n, tested)),
      ),
    )
    .returning({ fileId: scriptVersions.fileId });
  await releaseFiles(tx, projectUuid, removed.map((row) => row.fileId));
  return removed.length;
}
