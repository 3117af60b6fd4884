import { Type } from '@sinclair/typebox';
import { LimitOffsetQuery } from '../../lib/pagination';
import { Id } from '../../lib/schema-types';
import { PARAM_DIRECTIONS, PARAM_TYPES } from './checks';

const ProjectUuid = Type.String({ maxLength: 64 });
export const ProjectParams = Type.Object({ project_uuid: ProjectUuid });
export const ScriptIdParams = Type.Object({ project_uuid: ProjectUuid, id: Id() });
export const ScriptParams = Type.Object({ project_uuid: ProjectUuid, script_id: Id() });
export const ScriptParamIdParams = Type.Object({ project_uuid: ProjectUuid, script_id: Id(), id: Id() });

const Ordering = (fields: string[]) => Type.Optional(Type.String({ maxLength: 40, description: `排序字段：${fields.join('、')}，前加 - 为倒序` }));
export const SCRIPT_ORDERING = ['id', 'name', 'docker_name', 'created_at', 'updated_at'];
export const PARAM_ORDERING = ['id', 'field_name', 'direction', 'type', 'created_at', 'updated_at'];

export const ScriptListQuery = Type.Object({
  ...LimitOffsetQuery,
  search: Type.Optional(Type.String({ maxLength: 100, description: '按脚本名称或镜像名称查找' })),
  ordering: Ordering(SCRIPT_ORDERING),
});

export const ScriptParamListQuery = Type.Object({
  ...LimitOffsetQuery,
  direction: Type.Optional(Type.String({ maxLength: 16, description: 'input 或 output' })),
  search: Type.Optional(Type.String({ maxLength: 100, description: '按参数名或提示文字查找' })),
  ordering: Ordering(PARAM_ORDERING),
});

/** A script as written; PUT and PATCH keep what the body leaves out. */
export const ScriptWrite = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100, description: '脚本名称，项目内唯一（新建时必填）' })),
  file_path: Type.Optional(
    Type.String({ maxLength: 1000, description: '本项目上传的脚本文件的 url（POST /api/uploader/v1/projects/{project_uuid}/file_upload/?purpose=script 的应答）；新建时必填' }),
  ),
  docker_name: Type.Optional(Type.String({ maxLength: 255, description: '运行脚本的 Docker 镜像名称，如 python 或 registry.example.com/team/etl；空串为不指定' })),
  docker_tag: Type.Optional(Type.String({ maxLength: 128, description: '镜像标签，如 3.12-slim；空串为不指定' })),
  allow_network: Type.Optional(Type.Boolean({ description: '允许脚本访问网络（仍不能访问本机回环地址和平台数据库）；只有组织管理员可以设为 true，默认 false' })),
});

// `nullable`, not a union with Type.Null(): with type coercion on, a union turns null into 0 or 0 into null.
const NumberOrNull = (description: string) => Type.Unsafe<number | null>(Type.Number({ nullable: true, 'x-finite': true, description }));

/** A parameter as written; PUT and PATCH keep what the body leaves out, and the result is checked whole. */
export const ScriptParamWrite = Type.Object({
  direction: Type.Optional(Type.String({ maxLength: 16, description: PARAM_DIRECTIONS.join(' 或 ') })),
  field_name: Type.Optional(Type.String({ maxLength: 64, description: '参数名：字母、数字和下划线，不以数字开头；同一脚本同一方向内唯一' })),
  type: Type.Optional(Type.String({ maxLength: 16, description: PARAM_TYPES.join('、') })),
  required: Type.Optional(Type.Boolean({ description: '是否必填，默认 false' })),
  options: Type.Optional(Type.Unsafe<string[] | null>(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200, nullable: true, description: '可选值，仅 string 类型；null 或 [] 为无' }))),
  number_min: Type.Optional(NumberOrNull('最小值，仅 float、integer 类型')),
  number_max: Type.Optional(NumberOrNull('最大值，仅 float、integer 类型，不小于最小值')),
  placeholder: Type.Optional(Type.String({ maxLength: 200, description: '输入提示' })),
});

export const ScriptParam = Type.Object({
  id: Type.Integer(),
  script_id: Type.Integer(),
  direction: Type.String(),
  field_name: Type.String(),
  type: Type.String(),
  required: Type.Boolean(),
  options: Type.Array(Type.String()),
  number_min: Type.Union([Type.Number(), Type.Null()]),
  number_max: Type.Union([Type.Number(), Type.Null()]),
  placeholder: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const Script = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  file_path: Type.String({ description: '脚本文件的地址（GET 得到文件内容）' }),
  file_name: Type.String(),
  docker_name: Type.String(),
  docker_tag: Type.String(),
  allow_network: Type.Boolean({ description: '脚本可以访问网络（由组织管理员允许）' }),
  params: Type.Array(ScriptParam, { description: '脚本的参数，先输入后输出，各按 id' }),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const ScriptVersionParams = Type.Object({ project_uuid: ProjectUuid, id: Id(), n: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export const ScriptVersion = Type.Object({
  n: Type.Integer({ description: '版本号，从 1 开始' }),
  size: Type.Integer({ description: '字节数' }),
  file_name: Type.String(),
  created_by: Type.Union([Type.String(), Type.Null()], { description: '保存者的 uuid' }),
  created_at: Type.String(),
  current: Type.Boolean({ description: '是脚本当前使用的版本' }),
});

export const ScriptVersionWrite = Type.Object({
  content: Type.String({ description: '脚本全文（UTF-8，不超过脚本文件大小上限）' }),
  base_version: Type.Optional(Type.Integer({ minimum: 1, description: '编辑所基于的版本号；已有更新的版本时应答 409' })),
});

export const TestRunParams = Type.Object({ project_uuid: ProjectUuid, id: Id(), run_id: Id() });

export const TestRunWrite = Type.Object({
  inputs: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { description: '按输入参数名给出的示例值' })),
});

export const TestRun = Type.Object({
  id: Type.Integer(),
  script_id: Type.Integer(),
  version: Type.Integer({ description: '运行的脚本版本号' }),
  state: Type.Union([Type.Literal('running'), Type.Literal('success'), Type.Literal('failed')]),
  inputs: Type.Record(Type.String(), Type.Unknown()),
  outputs: Type.Record(Type.String(), Type.Unknown()),
  reason: Type.String({ description: '失败原因，成功或运行中为空串' }),
  log: Type.String({ description: '脚本到目前为止的输出（运行中约每秒更新）' }),
  started_at: Type.String(),
  ended_at: Type.Union([Type.String(), Type.Null()]),
});
