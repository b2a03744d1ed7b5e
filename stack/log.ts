/**
 * Logging for the local stack: each part writes to `<dataDir>/logs/<part>.log`,
 * so that a crash can be reported with the tail of the part's own log.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** A line from one part (postgres, postgrest, gateway, functions, …), written to its log file. */
  part(name: string, message: string): void;
  /** The last lines of a part's log, for crash reports. */
  tail(name: string, lines?: number): string;
  logFile(name: string): string;
}

export function createLogger(logDir: string, options: { echo?: boolean; quiet?: boolean } = {}): Logger {
  fs.mkdirSync(logDir, { recursive: true });
  const streams = new Map<string, fs.WriteStream>();
  const file = (name: string) => path.join(logDir, `${name}.log`);
  const stream = (name: string) => {
    let s = streams.get(name);
    if (!s) {
      s = fs.createWriteStream(file(name), { flags: 'a' });
      streams.set(name, s);
    }
    return s;
  };
  const write = (name: string, text: string) => {
    const stamped = text.endsWith('\n') ? text : `${text}\n`;
    stream(name).write(`${new Date().toISOString()} ${stamped}`);
  };
  const say = (level: string, message: string) => {
    write('stack', `[${level}] ${message}`);
    if (!options.quiet || level === 'error') {
      const out = level === 'error' ? console.error : console.log;
      out(`[stack] ${message}`);
    }
  };
  return {
    info: (m) => say('info', m),
    warn: (m) => say('warn', m),
    error: (m) => say('error', m),
    part: (name, m) => {
      write(name, m);
      if (options.echo) process.stdout.write(`[${name}] ${m.endsWith('\n') ? m : `${m}\n`}`);
    },
    tail: (name, lines = 30) => {
      try {
        return fs.readFileSync(file(name), 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
      } catch {
        return '(no log)';
      }
    },
    logFile: file,
  };
}
