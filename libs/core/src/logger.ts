/**
 * JSON-lines logger. Values under keys that look secret are replaced before anything is written,
 * so a password or token passed by mistake never reaches the log.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVEL_RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_KEY = /pass(word)?|secret|token|authorization|cookie|credential|identity_key|api[-_]?key/i;
const JWT_LIKE = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[deep]';
  if (typeof value === 'string') return value.replace(JWT_LIKE, '[redacted-token]');
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error) return { name: value.name, message: redact(value.message, depth + 1) };
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
    return out;
  }
  return value;
}

export interface LogSink {
  write(line: string): void;
}

const stdoutSink: LogSink = { write: (line) => process.stdout.write(line + '\n') };

export class Logger {
  constructor(
    readonly context: string,
    private readonly minLevel: LogLevel = 'info',
    private readonly sink: LogSink = stdoutSink,
  ) {}

  child(context: string): Logger {
    return new Logger(context, this.minLevel, this.sink);
  }

  debug(msg: string, fields?: Record<string, unknown>): void {
    this.log('debug', msg, fields);
  }
  info(msg: string, fields?: Record<string, unknown>): void {
    this.log('info', msg, fields);
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.log('warn', msg, fields);
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.log('error', msg, fields);
  }

  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void {
    if (LEVEL_RANK[level] < LEVEL_RANK[this.minLevel]) return;
    const record = { time: new Date().toISOString(), level, context: this.context, msg: redact(msg), ...(redact(fields ?? {}) as object) };
    this.sink.write(JSON.stringify(record));
  }
}
