import type { Readable } from 'node:stream';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { permissionDetail } from '../../../contract/permissions';
import { WAREHOUSE_ERRORS_MAX, WAREHOUSE_ROWS_MAX, WAREHOUSE_TEMPLATE_NAME, type WarehouseImportRefusal } from '../../../contract/warehouse';
import { AppError, ErrorCode } from '../../lib/errors';
import { ok, REPORT_BASE } from '../../lib/report-service';
import { ErrorBody } from '../../lib/schema-types';
import { readXlsx } from '../../lib/xlsx-reader';
import { inProject, projectOf } from '../../access/gate';
import { closeAfterUnreadUploads, uploadParts } from '../uploads/multipart';
import { contentDisposition } from '../uploads/serve-routes';
import { forgetRegionTrees } from './regions';
import { importWarehouse, previewWarehouse } from './warehouse-import';
import { planWarehouse } from './warehouse-plan';
import { warehouseTemplate } from './warehouse-sheet';

const Params = Type.Object({ projectId: Type.String({ maxLength: 64 }) });
const ImportQuery = Type.Object({ dry_run: Type.Optional(Type.String({ maxLength: 5, description: '1 或 true：只预览将要发生的变化，不写入' })) });
const tags = ['成果：数据导入'];
/** Who may change where the project's 成果 data is: whoever may edit the project's settings. */
const EDIT_PROJECT = [permissionDetail('project', 'project', 'edit')];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The upload's bytes, refused as soon as it grows past `limit`. */
async function bytesOf(content: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of content) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      content.destroy();
      throw new AppError(413, ErrorCode.payloadTooLarge, `文件不能超过 ${Math.round((limit / 1024 / 1024) * 100) / 100}MB`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A project's own regions and indicators from a spreadsheet (成果数据): the template, and the import
 * into the project's warehouse schema, which then becomes where its 成果 reads.
 */
export async function warehouseImportRoutes(app: FastifyInstance): Promise<void> {
  closeAfterUnreadUploads(app);

  app.get<{ Params: Static<typeof Params> }>(
    `${REPORT_BASE}/warehouse/template/`,
    { config: inProject([]), schema: { tags, summary: '成果数据导入模板（.xlsx：说明、区域、指标、指标值四张表，带示例行）', params: Params } },
    async (_request, reply) =>
      reply.type(XLSX_TYPE).header('Content-Disposition', contentDisposition(WAREHOUSE_TEMPLATE_NAME, true)).send(await warehouseTemplate()),
  );

  app.post<{ Params: Static<typeof Params>; Querystring: Static<typeof ImportQuery> }>(
    `${REPORT_BASE}/warehouse/import/`,
    {
      config: inProject(EDIT_PROJECT),
      schema: {
        tags,
        summary: `导入成果数据（multipart 字段 file，.xlsx，三张表合计最多 ${WAREHOUSE_ROWS_MAX} 行）：整体替换本项目的数据仓库并把项目的成果数据指向它；dry_run=1 只预览。文件有错时 400，data.errors 列出各处错误（工作表、行、列）`,
        params: Params,
        querystring: ImportQuery,
        response: { 400: Type.Object({ ...ErrorBody.properties, data: Type.Optional(Type.Any()) }), 403: ErrorBody, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const projectUuid = projectOf(request).project.uuid;
      const dryRun = ['1', 'true'].includes(request.query.dry_run ?? '');
      const { content } = await uploadParts(request);
      const bytes = await bytesOf(content, app.config.uploadLimits.warehouseFile);
      const { plan, issues } = planWarehouse(await readXlsx(bytes, WAREHOUSE_ROWS_MAX + 2));
      if (!plan) {
        const refusal: WarehouseImportRefusal = { errors: issues.slice(0, WAREHOUSE_ERRORS_MAX), total: issues.length };
        const message = issues.length === 1 ? issues[0].text : `文件有 ${issues.length} 处错误，未导入任何数据。${issues[0].text}`;
        return reply.status(400).send({ code: ErrorCode.badRequest, message, data: refusal });
      }
      if (dryRun) return ok(await previewWarehouse(app.db, projectUuid, plan), '预览');
      const result = await importWarehouse(app.db, projectUuid, plan);
      forgetRegionTrees(app, { projectUuid });
      return ok(result, '导入成功');
    },
  );
}
