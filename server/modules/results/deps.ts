import type { FastifyInstance } from 'fastify';
import { REGION_PAYLOAD_KEYS, type RegionLevel, type RegionNode, type RegionPath, type RegionPayload } from '../../../contract/results';
import { badRequest } from '../../lib/errors';
import { renderResultReport } from './report-pdf';
import type { IndicatorValue, RenderedResultReport, ResultReportInput, WarehouseSource } from './types';

/** What generation reads from the project's data and how it renders; the app's are the real ones, tests give fakes. */
export interface ResultDeps {
  regionTree(app: FastifyInstance, projectUuid: string, source: WarehouseSource): Promise<RegionNode[]>;
  findRegion(tree: RegionNode[], level: RegionLevel, payload: RegionPayload): RegionPath | undefined;
  indicatorsOf(app: FastifyInstance, projectUuid: string, source: WarehouseSource, region: RegionPath, dimensionName: string, level: RegionLevel): Promise<IndicatorValue[]>;
  render(input: ResultReportInput): Promise<RenderedResultReport>;
}

/** The region of a payload entry: the one province and city of the tree, then the entry's names down to `level`. */
function findRegion(tree: RegionNode[], level: RegionLevel, payload: RegionPayload): RegionPath | undefined {
  const names = REGION_PAYLOAD_KEYS.slice(0, level - 2).map((key) => payload[key]?.trim());
  if (names.some((name) => !name)) return undefined;
  for (const province of tree) {
    for (const city of province.children) {
      let nodes = city.children;
      const path = [province.name, city.name];
      for (const name of names) {
        const node = nodes.find((child) => child.name === name);
        if (!node) break;
        path.push(node.name);
        nodes = node.children;
      }
      if (path.length === level) return path;
    }
  }
  return undefined;
}

const notYet = async (): Promise<never> => {
  throw badRequest('项目的体检数据尚未接入');
};

export const defaultResultDeps: ResultDeps = {
  regionTree: notYet,
  findRegion,
  indicatorsOf: notYet,
  render: renderResultReport,
};
