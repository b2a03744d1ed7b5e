/**
 * The parts of supabase/config.toml the local stack honours, validated with zod.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { z } from 'zod';
import type { StackConfig } from './config.ts';
import { parseConfigSize } from './storage/validate.ts';

const projectConfigSchema = z.object({
  api: z
    .object({
      schemas: z.array(z.string()).default(['public', 'graphql_public']),
      extra_search_path: z.array(z.string()).default(['public', 'extensions']),
      max_rows: z.number().int().positive().default(1000),
    })
    .prefault({}),
  auth: z
    .object({
      site_url: z.string().optional(),
      additional_redirect_urls: z.array(z.string()).default([]),
      jwt_expiry: z.number().int().positive().default(3600),
      enable_signup: z.boolean().default(true),
      minimum_password_length: z.number().int().min(6).default(6),
      refresh_token_reuse_interval: z.number().int().min(0).default(10),
      email: z.object({ enable_confirmations: z.boolean().default(false), otp_expiry: z.number().int().default(3600) }).prefault({}),
      rate_limit: z.object({ sign_in_sign_ups: z.number().int().positive().default(30) }).prefault({}),
    })
    .prefault({}),
  db: z
    .object({
      seed: z
        .object({
          enabled: z.boolean().default(true),
          /** Files applied in order after the migrations, relative to supabase/ (as the CLI reads them). */
          sql_paths: z.array(z.string().min(1)).default(['./seed.sql']),
        })
        .prefault({}),
    })
    .prefault({}),
  functions: z.record(z.string(), z.object({ verify_jwt: z.boolean().default(true), entrypoint: z.string().optional() })).default({}),
  storage: z
    .object({
      buckets: z
        .record(
          z.string(),
          z.object({
            public: z.boolean().default(false),
            /** go-units syntax as the CLI reads it ("25MiB"), or bytes. */
            file_size_limit: z.union([z.string(), z.number().int().nonnegative()]).optional(),
            allowed_mime_types: z.array(z.string()).default([]),
            objects_path: z.string().default(''),
          }),
        )
        .default({}),
      /** The global upload limit, go-units syntax ("50MiB") or bytes. */
      file_size_limit: z.union([z.string(), z.number().int().nonnegative()]).optional(),
    })
    .prefault({}),
});

/** Supabase's default upload limit, used when config.toml sets none (or sets one we cannot read). */
const DEFAULT_STORAGE_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
const sizeInBytes = (value: string | number | undefined) => (typeof value === 'string' ? parseConfigSize(value) : value);

export interface BucketConfig {
  public: boolean;
  /** Bytes, or undefined when config.toml sets none (or a size it cannot read). */
  fileSizeLimit?: number;
  allowedMimeTypes: string[];
  /** Absolute folder whose files are uploaded into the bucket, or undefined. */
  objectsPath?: string;
}

export interface ProjectConfig {
  api: { schemas: string[]; extraSearchPath: string[]; maxRows: number };
  auth: {
    siteUrl?: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    enableSignup: boolean;
    minimumPasswordLength: number;
    refreshTokenReuseInterval: number;
    enableConfirmations: boolean;
    otpExpiry: number;
    /** `[auth.rate_limit] sign_in_sign_ups`: sign-ins and sign-ups per client address per 5 minutes, across e-mails. */
    signInSignUpsPerAddress: number;
  };
  /** `[db.seed]`: whether to seed, and the seed files' absolute paths in the order they run. */
  seed: { enabled: boolean; sqlPaths: string[] };
  functions: Record<string, { verifyJwt: boolean; entrypoint?: string }>;
  /** `[storage.buckets.<id>]`: the buckets the Supabase CLI creates and seeds (`supabase seed buckets`). */
  buckets: Record<string, BucketConfig>;
  /** `[storage] file_size_limit` in bytes. */
  storageFileSizeLimit: number;
}

/** Read on each call, so an edited config.toml (e.g. verify_jwt) is picked up without a restart. */
export function readProjectConfig(config: Pick<StackConfig, 'supabaseDir' | 'configFile'>): ProjectConfig {
  const file = config.configFile;
  const raw = fs.existsSync(file) ? parse(fs.readFileSync(file, 'utf8')) : {};
  const c = projectConfigSchema.parse(raw);
  return {
    api: { schemas: c.api.schemas, extraSearchPath: c.api.extra_search_path, maxRows: c.api.max_rows },
    auth: {
      siteUrl: c.auth.site_url,
      additionalRedirectUrls: c.auth.additional_redirect_urls,
      jwtExpiry: c.auth.jwt_expiry,
      enableSignup: c.auth.enable_signup,
      minimumPasswordLength: c.auth.minimum_password_length,
      refreshTokenReuseInterval: c.auth.refresh_token_reuse_interval,
      enableConfirmations: c.auth.email.enable_confirmations,
      otpExpiry: c.auth.email.otp_expiry,
      signInSignUpsPerAddress: c.auth.rate_limit.sign_in_sign_ups,
    },
    seed: { enabled: c.db.seed.enabled, sqlPaths: c.db.seed.sql_paths.map((p) => path.resolve(config.supabaseDir, p)) },
    functions: Object.fromEntries(Object.entries(c.functions).map(([name, f]) => [name, { verifyJwt: f.verify_jwt, entrypoint: f.entrypoint }])),
    buckets: Object.fromEntries(
      Object.entries(c.storage.buckets).map(([id, b]) => [
        id,
        {
          public: b.public,
          fileSizeLimit: sizeInBytes(b.file_size_limit),
          allowedMimeTypes: b.allowed_mime_types,
          // As the CLI: relative to supabase/.
          objectsPath: b.objects_path ? path.resolve(config.supabaseDir, b.objects_path) : undefined,
        },
      ]),
    ),
    storageFileSizeLimit: sizeInBytes(c.storage.file_size_limit) ?? DEFAULT_STORAGE_FILE_SIZE_LIMIT,
  };
}
