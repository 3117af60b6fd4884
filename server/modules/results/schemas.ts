import { Type } from '@sinclair/typebox';
import { REGION_LEVELS } from '../../../contract/results';
import { ResultPageOf } from '../../lib/report-service';
import { Item } from '../library/schemas';

// Answers of the 成果 routes (contract/results.ts describes them). Every field the handlers send
// is listed with its type: the response schema serializes the answer, and drops any field it does not list.

const Named = Type.Object({ id: Type.Integer(), name: Type.String() });
const RegionPath = Type.Array(Type.String(), { description: '区域路径，从省开始' });
const RegionLevel = Type.Union(REGION_LEVELS.map((level) => Type.Literal(level)), { description: '区域层级 1 到 7' });

/** POST generate/: the queued job. */
export const GenerationStarted = Type.Object({ job_id: Type.Integer(), state: Type.Literal('queued'), total: Type.Integer() });

/** A generation job as GET generate/ lists it (generation-queries.ts listGenerations). */
export const GenerationJob = Type.Object({
  job_id: Type.Integer(),
  state: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]),
  dimension: Named,
  report_type: Named,
  level: RegionLevel,
  report_group_id: Type.Integer(),
  total: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  regions: Type.Array(
    Type.Object({
      path: RegionPath,
      state: Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed')]),
      error: Type.Union([Type.String(), Type.Null()]),
      report_id: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  create_user: Type.String(),
  created_at: Type.String(),
  started_at: Type.Union([Type.String(), Type.Null()]),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});
export const GenerationPage = ResultPageOf(GenerationJob);

/** A report of the results list: a library report with its region, dimension and indicators (null for an uploaded one). */
export const ResultItem = Type.Composite([
  Item,
  Type.Object({
    region: Type.Union([RegionPath, Type.Null()]),
    dimension: Type.Union([Named, Type.Null()]),
    indicators_met: Type.Union([Type.Integer(), Type.Null()]),
    indicators_total: Type.Union([Type.Integer(), Type.Null()]),
  }),
]);
export const ResultPage = ResultPageOf(ResultItem);

/** What the charts of 成果统计 draw (result-queries.ts resultStatistics). */
export const ResultStatistics = Type.Object({
  total: Type.Integer(),
  by_dimension: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), count: Type.Integer() })),
  by_region: Type.Array(Type.Object({ name: Type.String(), path: RegionPath, count: Type.Integer() })),
  indicators: Type.Object({ met: Type.Integer(), total: Type.Integer() }),
});
