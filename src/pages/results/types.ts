import type { Answer } from '../../api/client';

/** A report of the results list: a library report with its region, dimension and indicator counts (server/modules/results/schemas.ts ResultItem). */
export type ResultItem = Answer<'getOaResultProjectsByProjectIdReportList'>['result']['data'][number];
