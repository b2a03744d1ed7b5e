/**
 * `npm run functions:cache` (also run by `npm install` as postinstall): caches
 * the dependencies of every Edge Function (each folder of supabase/functions
 * except `_shared`) into the project's Deno cache and records them in
 * supabase/functions/deno.lock, so the local stack serves functions offline.
 * Nothing happens when nothing changed since the last run; `--force` re-runs.
 * See stack/functions/deno-cache.ts.
 */
import { parseArgs } from 'node:util';
import { resolveConfig } from '../stack/config.ts';
import { cacheFunctions, denoCacheDir } from '../stack/functions/deno-cache.ts';
import { denoBinary } from '../stack/functions/workers.ts';

const { values } = parseArgs({ options: { force: { type: 'boolean' } } });
const config = await resolveConfig();
const report = await cacheFunctions(config, denoBinary(), { force: values.force });
if (!report.ran) console.log(`Edge Functions: dependencies already cached in ${denoCacheDir(config.projectRoot)}.`);
else if (report.cached.length > 0) console.log(`Edge Functions: cached the dependencies of ${report.cached.join(', ')} in ${denoCacheDir(config.projectRoot)}.`);
for (const f of report.failed) console.error(`Edge Functions: could not cache the dependencies of ${f.name}:\n${f.output}`);
process.exit(report.failed.length > 0 ? 1 : 0);
