import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { seed } from '../server/db/seed';
import { DEMO } from '../server/db/seed/demo-accounts';
import { formatLatencyTable, load, readSettings, withPglite, withServer, type LatencyRow, type LoadResult, type LoadSettings } from './harness';

const TABLES = 500;
const BASE = `/api/connection/projects/${DEMO.projectUuid}`;

/** Time the run may take: two databases, four measured requests each, and making the schemas. */
export const connectionsBudgetMs = (settings: LoadSettings) => 2 * (2 * 4 * (settings.warmupSeconds + settings.seconds) * 1000 + 120_000);

/** 500 tables, each with a comment, three columns, an index and a foreign key to the one before. */
const tableSql = (quote: (name: string) => string, comment: (table: string, text: string) => string) =>
  Array.from({ length: TABLES }, (_, i) => {
    const name = `t${String(i + 1).padStart(4, '0')}`;
    const parent = i === 0 ? '' : `, parent_id int references ${quote(`t${String(i).padStart(4, '0')}`)}(id)`;
    return `create table ${quote(name)} (id int primary key, code varchar(40) not null${parent}); create index ${quote(`${name}_code`)} on ${quote(name)} (code); ${comment(name, `第 ${i + 1} 张表`)}`;
  }).join('\n');

interface Target {
  label: string;
  body: Record<string, unknown>;
  make(): Promise<void>;
  drop(): Promise<void>;
}

function targets(name: string): Target[] {
  const postgres = async (database: string, sql: string) => {
    const client = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const mariadb = async (sql: string) => {
    const connection = await mysql.createConnection({ host: '127.0.0.1', user: 'root', multipleStatements: true });
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
  };
  return [
    {
      label: 'PostgreSQL',
      body: { drivername: 'postgresql', host: '127.0.0.1', port: 5432, username: 'postgres', password: '', database: name },
      make: async () => {
        await postgres('postgres', `create database ${name}`);
        await postgres(name, tableSql((table) => `"${table}"`, (table, text) => `comment on table "${table}" is '${text}';`));
      },
      drop: () => postgres('postgres', `drop database if exists ${name} with (force)`),
    },
    {
      label: 'MariaDB',
      body: { drivername: 'mysql', host: '127.0.0.1', port: 3306, username: 'root', password: '', database: name },
      make: () => mariadb(`create database ${name}; use ${name};\n${tableSql((table) => `\`${table}\``, (table, text) => `alter table \`${table}\` comment '${text}';`)}`),
      drop: () => mariadb(`drop database if exists ${name}`),
    },
  ];
}

/**
 * The database browser on a schema of 500 tables, on PostgreSQL and MariaDB: `tables/`, one
 * table's definition and the schema's entity-relation diagram, against `databases/` through the
 * same connection (connect, one small catalogue query, close) as the baseline.
 */
export async function connectionsBench(settings: LoadSettings): Promise<string> {
  const rows: LatencyRow[] = [];
  const notes: string[] = [];
  await withPglite(async (database) => {
    await seed(database.db);
    await withServer(database, {}, async (origin, headers) => {
      for (const target of targets(`bench_conn_${randomBytes(4).toString('hex')}`)) {
        try {
          await target.make();
        } catch (error) {
          notes.push(`${target.label} skipped: ${(error as Error).message}`);
          continue;
        }
        try {
          const made = await fetch(`${origin}${BASE}/connections/`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ ...target.body, name: `基准-${target.label}` }),
          });
          const { id } = (await made.json()) as { id: number };
          const at = `connection_id=${id}`;
          const timed = (path: string, check?: (body: unknown) => void): Promise<LoadResult> => load(`${origin}${BASE}/${path}`, headers, settings, check);
          const baseline = await timed(`databases/?${at}`);
          rows.push({ label: [target.label, 'databases/ (baseline)'], result: baseline });
          rows.push({
            label: [target.label, `tables/ (${TABLES})`],
            result: await timed(`tables/?${at}`, (body) => {
              if ((body as unknown[]).length !== TABLES) throw new Error(`tables/ answered ${(body as unknown[]).length} tables`);
            }),
            baseline,
          });
          rows.push({ label: [target.label, 'tables/t0250/'], result: await timed(`tables/t0250/?${at}`), baseline });
          rows.push({
            label: [target.label, 'all_entity_relation/'],
            result: await timed(`entity-relation/all_entity_relation/?${at}`, (body) => {
              if ((body as { edges: unknown[] }).edges.length !== TABLES - 1) throw new Error('all_entity_relation/ missed foreign keys');
            }),
            baseline,
          });
        } finally {
          await target.drop();
        }
      }
    });
  });
  return [
    `The database browser on a schema of ${TABLES} tables (${settings.seconds} s after ${settings.warmupSeconds} s warm-up, ${settings.connections} connections)`,
    formatLatencyTable(['database', 'request'], rows),
    'ratio = the request / databases/ through the same connection (connect, one small catalogue query, close)',
    ...notes,
  ].join('\n');
}

// `tsx bench/connections.ts` runs this benchmark alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await connectionsBench(readSettings(process.env)));
