type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(fields: Record<string, unknown>, msg: string): void;
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
  error(fields: Record<string, unknown>, msg: string): void;
  child(fields: Record<string, unknown>): Logger;
}

/**
 * A structured JSON-lines logger (one object per line on stdout), enough for any log shipper.
 * @example log.info({ requestId, status: 200 }, 'request')
 */
export function createLogger(
  level: Level | 'silent' = 'info',
  base: Record<string, unknown> = {},
  write: (line: string) => void = writeStdout,
): Logger {
  return new JsonLogger(order[level], jsonMembers(base), write);
}

/**
 * Fields bound by `child()` are serialised once, so a per-request logger costs one small string and a
 * line costs one `JSON.stringify` of its own fields.
 */
class JsonLogger implements Logger {
  constructor(
    private readonly threshold: number,
    private readonly bound: string,
    private readonly write: (line: string) => void,
  ) {}
  debug(fields: Record<string, unknown>, msg: string) {
    this.emit('debug', fields, msg);
  }
  info(fields: Record<string, unknown>, msg: string) {
    this.emit('info', fields, msg);
  }
  warn(fields: Record<string, unknown>, msg: string) {
    this.emit('warn', fields, msg);
  }
  error(fields: Record<string, unknown>, msg: string) {
    this.emit('error', fields, msg);
  }
  child(fields: Record<string, unknown>): Logger {
    const more = jsonMembers(fields);
    return new JsonLogger(
      this.threshold,
      this.bound && more ? `${this.bound},${more}` : this.bound || more,
      this.write,
    );
  }
  private emit(level: Level, fields: Record<string, unknown>, msg: string) {
    if (order[level] < this.threshold) return;
    const own = jsonMembers(fields);
    const members =
      this.bound && own ? `,${this.bound},${own}` : this.bound || own ? `,${this.bound || own}` : '';
    this.write(
      `{"time":"${new Date().toISOString()}","level":"${level}","msg":${JSON.stringify(msg)}${members}}`,
    );
  }
}

/** `{"a":1,"b":2}` → `"a":1,"b":2` (empty for no fields). */
function jsonMembers(fields: Record<string, unknown>): string {
  // Flat fields (a request line, a request id) need no replacer, which costs a call per key.
  let flat = true;
  for (const key in fields) {
    const value = fields[key];
    if (typeof value === 'object' && value !== null) {
      flat = false;
      break;
    }
  }
  const json = flat ? JSON.stringify(fields) : JSON.stringify(fields, errorReplacer);
  return json.length > 2 ? json.slice(1, -1) : '';
}

function errorReplacer(_key: string, value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

let pending: string[] = [];
let scheduled = false;
function flush() {
  scheduled = false;
  if (pending.length === 0) return;
  const chunk = pending.join('');
  pending = [];
  process.stdout.write(chunk);
}

/**
 * Lines written in one event-loop turn go out in one write: a log line per request then costs a string
 * push instead of a system call. Flushed on exit (stdout to a file or pipe is synchronous on Linux).
 */
function writeStdout(line: string) {
  pending.push(`${line}\n`);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}
process.on('exit', flush);
