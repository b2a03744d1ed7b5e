/**
 * Bundle size for `npm run bench`: the gzip JavaScript of a cold load of the
 * signed-in dashboard route (scripts/bundle-size.ts), against a 250 KB budget.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../scripts/bundle-size.ts');
const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
