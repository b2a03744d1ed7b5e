/**
 * A temporary folder for the Supabase CLI. The CLI is a Bun-compiled binary:
 * each run unpacks a native module into its TMPDIR (`.bun-<uid>-<hash>.node`,
 * 3 MB) and leaves it there. Given this folder, which is ours and removed when
 * the script that made it ends, it leaves nothing behind.
 */
import { ownedTempDir, type OwnedTempDir } from '../stack/temp-dirs.ts';

let folder: OwnedTempDir | undefined;

export function supabaseCliTmpdir(): string {
  folder ??= ownedTempDir('listingdesk-supabase-cli-');
  return folder.path;
}
