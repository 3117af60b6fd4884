import type { FastifyInstance } from 'fastify';
import type { RegionLevel, RegionNode, RegionPath, RegionPayload } from '../../../contract/results';
import { indicatorsOf } from './indicators';
import { findRegion, regionTree } from './regions';
import type { IndicatorValue, RenderedResultReport, ResultReportInput, WarehouseSource } from './types';

/** What generation reads from the project's data and how it renders; the app's are the real ones, tests give fakes. */
export interface ResultDeps {
  regionTree(app: FastifyInstance, projectUuid: string, source: WarehouseSource): Promise<RegionNode[]>;
  findRegion(tree: RegionNode[], level: RegionLevel, payload: RegionPayload): RegionPath | undefined;
  indicatorsOf(app: FastifyInstance, projectUuid: string, source: WarehouseSource, region: RegionPath, dimensionName: string, level: RegionLevel): Promise<IndicatorValue[]>;
  render(input: ResultReportInput): Promise<RenderedResultReport>;
}

// pdf-lib and its font kit take a second to load: a server loads them at its first report, not at its start.
const render: ResultDeps['render'] = async (input) => (await import('./report-pdf')).renderResultReport(input);

export const defaultResultDeps: ResultDeps = { regionTree, findRegion, indicatorsOf, render };
