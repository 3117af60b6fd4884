import { http, HttpResponse } from 'msw';
import { server } from './msw';

const base = '*/api/connection/projects/p-1';
const at = '2024-03-05 10:00:00';
export const demoConnection = {
  id: 7,
  name: '城市数据库',
  drivername: 'postgresql',
  host: '10.0.0.5',
  port: 5432,
  username: 'reader',
  database: 'city',
  created_at: at,
  updated_at: at,
};

const column = (name: string, type: string, nullable = false, comment: string | null = null) => ({ name, type, nullable, default: null, comment });
const definitions: Record<string, object> = {
  district: {
    code: 'district',
    comment: '行政区',
    columns: [column('id', 'integer'), column('name', 'text', false, '区名')],
    indexes: [{ name: 'district_pkey', columns: ['id'], unique: true }],
    primary_key: ['id'],
    constraints: [],
  },
  street: {
    code: 'street',
    comment: '街道',
    columns: [column('id', 'integer'), column('district_id', 'integer', true, '所属区'), column('name', 'text')],
    indexes: [{ name: 'street_pkey', columns: ['id'], unique: true }],
    primary_key: ['id'],
    constraints: [{ name: 'street_district_fk', type: 'FOREIGN KEY', columns: ['district_id'], references: { table: 'district', columns: ['id'] }, definition: null }],
  },
};
const diagram = {
  nodes: [
    { id: 'district', name: 'district', comment: '行政区', columns: [{ name: 'id', type: 'integer' }, { name: 'name', type: 'text' }], primary_key: ['id'], more_columns: 0 },
    {
      id: 'street',
      name: 'street',
      comment: '街道',
      columns: [{ name: 'id', type: 'integer' }, { name: 'district_id', type: 'integer' }, { name: 'name', type: 'text' }],
      primary_key: ['id'],
      more_columns: 0,
    },
  ],
  edges: [{ id: 'street.street_district_fk', source: 'street', target: 'district', source_columns: ['district_id'], target_columns: ['id'] }],
  truncated: false,
};

/** What the app sent to the connection endpoints. */
export interface ConnectionCalls {
  created: unknown[];
  changed: unknown[];
  tested: unknown[];
  records: URLSearchParams[];
  tables: URLSearchParams[];
}

/** Serves one saved connection of project p-1 and a small schema behind it; `testAnswer` is what 测试连接 answers. */
export function serveConnections(testAnswer = { success: true, message: '连接成功，可访问 3 个数据库' }): ConnectionCalls {
  const calls: ConnectionCalls = { created: [], changed: [], tested: [], records: [], tables: [] };
  server.use(
    http.get(`${base}/connections/`, () => HttpResponse.json({ count: 1, next: null, previous: null, results: [demoConnection] })),
    http.post(`${base}/connections/test_connection/`, async ({ request }) => {
      calls.tested.push(await request.json());
      return HttpResponse.json(testAnswer);
    }),
    http.post(`${base}/connections/`, async ({ request }) => {
      const body = (await request.json()) as object;
      calls.created.push(body);
      return HttpResponse.json({ ...demoConnection, ...body, id: 8 }, { status: 201 });
    }),
    http.get(`${base}/connections/:id/`, () => HttpResponse.json(demoConnection)),
    http.patch(`${base}/connections/:id/`, async ({ request }) => {
      const body = (await request.json()) as object;
      calls.changed.push(body);
      return HttpResponse.json({ ...demoConnection, ...body });
    }),
    http.get(`${base}/databases/`, () => HttpResponse.json([{ name: 'city' }, { name: 'postgres' }])),
    http.get(`${base}/schemas/`, () => HttpResponse.json([{ name: 'audit' }, { name: 'public' }])),
    http.get(`${base}/tables/`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.tables.push(query);
      const search = query.get('search') ?? '';
      return HttpResponse.json(
        [
          { name: 'district', comment: '行政区', rows: 125_000 },
          { name: 'street', comment: '街道', rows: 25 },
        ].filter((table) => table.name.includes(search)),
      );
    }),
    http.get(`${base}/tables/:name/`, ({ params }) => HttpResponse.json(definitions[String(params.name)])),
    http.get(`${base}/entity-relation/all_entity_relation/`, () => HttpResponse.json(diagram)),
    http.get(`${base}/entity-relation/:name/entity_relation/`, () => HttpResponse.json(diagram)),
    http.get(`${base}/records/`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.records.push(query);
      const offset = Number(query.get('offset'));
      const rows = Array.from({ length: 25 }, (_, index) => ({ id: index + 1, district_id: 1, name: `街道${index + 1}` }));
      if (query.get('order_by') === '-id') rows.reverse();
      return HttpResponse.json({
        count: rows.length,
        next: null,
        previous: null,
        results: rows.slice(offset, offset + Number(query.get('limit'))),
        columns: [
          { name: 'id', type: 'integer' },
          { name: 'district_id', type: 'integer' },
          { name: 'name', type: 'text' },
        ],
      });
    }),
  );
  return calls;
}
