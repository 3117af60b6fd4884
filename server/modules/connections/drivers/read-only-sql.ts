import { badRequest } from '../../../lib/errors';

/**
 * The 查询 tab's first wall: the text a user types must be exactly one statement that only reads.
 * The second wall is the session (a read-only transaction, always rolled back, with a statement
 * timeout; PostgreSQL's extended protocol and MariaDB's missing multi-statement flag refuse a second
 * statement again). The check below is needed on its own because MariaDB runs DDL (an implicit
 * commit) and SELECT … INTO OUTFILE inside a read-only transaction, and a `SET TRANSACTION READ
 * WRITE` sent before any query would undo PostgreSQL's.
 */
export type Dialect = 'postgresql' | 'mysql';

/** First words a statement may start with. */
const READS: Record<Dialect, string[]> = {
  postgresql: ['select', 'with', 'values', 'table', 'show', 'explain'],
  mysql: ['select', 'with', 'values', 'table', 'show', 'explain', 'describe', 'desc'],
};
/** Statements whose rows a cursor can page (the others, SHOW and EXPLAIN, answer few rows at once). */
export const CURSOR_READS = new Set(['select', 'with', 'values', 'table']);

/** Words that write, wherever they are (a data-modifying WITH, EXPLAIN ANALYZE DELETE, …). */
const WRITES = new Set(['insert', 'update', 'delete', 'merge', 'upsert', 'truncate', 'drop', 'create', 'alter', 'grant', 'revoke', 'copy', 'call', 'do', 'handler', 'load', 'rename', 'replace']);
/** Functions that change the database or the session beyond the rollback (a pooled connection keeps session locks). */
const FUNCTIONS: Record<Dialect, RegExp> = {
  postgresql:
    /^(pg_(try_)?advisory_(un)?lock(_shared|_all)?|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_switch_wal|pg_create_restore_point|pg_notify|pg_read_(binary_)?file|pg_ls_\w+|pg_file_\w+|lo_\w+|dblink\w*|set_config|nextval|setval|txid_current|pg_current_xact_id)$/,
  mysql: /^(nextval|setval|lastval|get_lock|release_lock|release_all_locks|load_file|sys_exec|sys_eval)$/,
};

interface Token {
  word: string;
  /** A `(` follows (a call). */
  call: boolean;
}

/**
 * The statement's words in lower case, without string literals, quoted names and comments, and
 * whether a `;` ends a statement before the end of the text.
 */
function scan(text: string, dialect: Dialect): { tokens: Token[]; statements: number; executableComment: boolean } {
  const tokens: Token[] = [];
  let statements = 0;
  let pendingCode = false;
  let executableComment = false;
  let i = 0;
  const n = text.length;
  const skipQuoted = (quote: string, backslash: boolean) => {
    i++;
    while (i < n) {
      const ch = text[i];
      if (backslash && ch === '\\') i += 2;
      else if (ch === quote && text[i + 1] === quote) i += 2;
      else if (ch === quote) return void i++;
      else i++;
    }
  };
  while (i < n) {
    const ch = text[i];
    const next = text[i + 1];
    if (/\s/.test(ch)) i++;
    // MySQL's -- comment needs a space or control character after it (1--1 is arithmetic).
    else if (ch === '-' && next === '-' && (dialect === 'postgresql' || i + 2 >= n || text.charCodeAt(i + 2) <= 32)) i = text.indexOf('\n', i) === -1 ? n : text.indexOf('\n', i);
    else if (ch === '#' && dialect === 'mysql') i = text.indexOf('\n', i) === -1 ? n : text.indexOf('\n', i);
    else if (ch === '/' && next === '*') {
      if (dialect === 'mysql' && /^\/\*[!M]/.test(text.slice(i, i + 3))) executableComment = true;
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (ch === "'") {
      // PostgreSQL's E'…' strings take backslash escapes, its standard strings do not; MySQL's always do.
      const escaped = dialect === 'mysql' || (/[eE]/.test(text[i - 1] ?? '') && !/\w/.test(text[i - 2] ?? ''));
      pendingCode = true;
      skipQuoted("'", escaped);
    } else if (ch === '"' || ch === '`') {
      pendingCode = true;
      skipQuoted(ch, dialect === 'mysql' && ch === '"');
    } else if (ch === '$' && dialect === 'postgresql' && /^\$([A-Za-z_]\w*)?\$/.test(text.slice(i))) {
      const tag = /^\$([A-Za-z_]\w*)?\$/.exec(text.slice(i))![0];
      const end = text.indexOf(tag, i + tag.length);
      i = end === -1 ? n : end + tag.length;
      pendingCode = true;
    } else if (ch === ';') {
      if (pendingCode) statements++;
      pendingCode = false;
      i++;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(ch)) {
      const word = /^[A-Za-z_\u0080-\uffff][\w$\u0080-\uffff]*/.exec(text.slice(i))![0];
      i += word.length;
      const rest = /^\s*\(/.test(text.slice(i));
      tokens.push({ word: word.toLowerCase(), call: rest });
      pendingCode = true;
    } else {
      pendingCode = true;
      i++;
    }
  }
  if (pendingCode) statements++;
  return { tokens, statements, executableComment };
}

/**
 * Refuses, in Chinese, what is not exactly one read-only statement; answers the statement without
 * a trailing `;` and its first word.
 */
export function checkedReadOnly(sql: string, dialect: Dialect): { text: string; first: string } {
  const text = sql.trim().replace(/;\s*$/, '').trim();
  if (!text) throw badRequest('请输入要运行的 SQL 查询语句');
  const { tokens, statements, executableComment } = scan(text, dialect);
  if (executableComment) throw badRequest('查询中不能使用 MySQL 的可执行注释（/*! … */）');
  if (statements > 1) throw badRequest('一次只能运行一条 SQL 语句，请删去分号后的其他语句');
  const first = tokens[0]?.word;
  if (!first) throw badRequest('请输入要运行的 SQL 查询语句');
  if (!READS[dialect].includes(first)) {
    throw badRequest(`只能运行只读查询（${READS[dialect].map((word) => word.toUpperCase()).join('、')}），不能运行 ${first.toUpperCase()} 语句`);
  }
  for (const [index, token] of tokens.entries()) {
    const after = tokens[index + 1]?.word;
    if (token.word === 'into') throw badRequest('只读查询中不能使用 INTO（它会把结果写入表、文件或变量）');
    if ((token.word === 'for' && ['update', 'share', 'no', 'key'].includes(after ?? '')) || (token.word === 'lock' && after === 'in')) {
      throw badRequest('只读查询不能锁定行（FOR UPDATE、FOR SHARE、LOCK IN SHARE MODE）');
    }
    if (token.word === 'next' && after === 'value') throw badRequest('只读查询中不能取序列的下一个值（NEXT VALUE FOR）');
    if (WRITES.has(token.word) && !(token.word === 'replace' && token.call)) throw badRequest(`只读查询中不能包含 ${token.word.toUpperCase()}`);
    if (token.call && FUNCTIONS[dialect].test(token.word)) throw badRequest(`只读查询中不能调用 ${token.word}()：它会改变数据库或会话的状态，或读取服务器上的文件`);
  }
  return { text, first };
}
