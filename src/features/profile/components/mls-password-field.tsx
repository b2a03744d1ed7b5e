import { Eye, EyeOff, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { can, type Viewer } from '@/lib/permissions';
import { useMlsPasswordStatus } from '@/features/profile/api/get-mls-password-status';
import { useRevealedMlsPassword } from '@/features/profile/api/reveal-mls-password';

/** What Save Profile does with the MLS password: keep it (empty, not clearing), store a new one, or clear it. */
export interface MlsPasswordChange {
  value: string;
  clear: boolean;
}
export const KEEP_MLS_PASSWORD: MlsPasswordChange = { value: '', clear: false };

const INPUT_ID = 'profile-mlsPassword';

/**
 * Shows the secret only while its owner asks to. Unmounted when edit mode
 * starts, so the revealed value (and its cache entry, kept for no time) goes.
 */
function MlsPasswordReveal({ accountId }: { accountId: string }) {
  const [revealed, setRevealed] = useState(false);
  const secret = useRevealedMlsPassword(accountId, revealed);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      {revealed ? (
        <code className="bg-muted min-w-0 rounded px-2 py-1 font-mono text-sm break-all" data-testid="mls-password-value">
          {secret.isPending ? <Loader2 aria-label="Loading" className="size-4 animate-spin" /> : secret.isError ? 'Could not load the password.' : secret.data}
        </code>
      ) : (
        <span aria-hidden className="text-muted-foreground font-mono text-sm tracking-widest">
          ••••••••
        </span>
      )}
      <Button type="button" variant="ghost" size="sm" aria-label={revealed ? 'Hide MLS password' : 'Show MLS password'} onClick={() => setRevealed((v) => !v)}>
        {revealed ? <EyeOff /> : <Eye />}
        {revealed ? 'Hide' : 'Show'}
      </Button>
    </div>
  );
}

/**
 * The MLS password, write-only (issue 11): the form shows whether one is
 * stored (mls_password_is_set(), never the secret); its owner may reveal it
 * (get_mls_password()); in edit mode a new one can be typed, or the stored
 * one cleared, and Save Profile applies it.
 */
export function MlsPasswordField({
  viewer,
  accountId,
  editing,
  change,
  error,
  onChange,
}: {
  viewer: Viewer;
  accountId: string;
  editing: boolean;
  change: MlsPasswordChange;
  error?: string;
  onChange: (change: MlsPasswordChange) => void;
}) {
  const status = useMlsPasswordStatus(accountId);
  const isSet = status.data === true;
  const statusText = status.isPending ? 'Checking…' : status.isError ? 'Unknown' : isSet ? 'Set' : 'Not set';

  return (
    <div className="flex min-w-0 flex-col gap-2 sm:col-span-2">
      <div className="flex items-center gap-2">
        <Label htmlFor={editing ? INPUT_ID : undefined}>
          MLS Password
        </Label>
        <Badge variant={isSet ? 'secondary' : 'outline'} data-testid="mls-password-status">
          {statusText}
        </Badge>
      </div>
      {!editing && isSet && can.revealMlsPassword(viewer, { id: accountId }) && <MlsPasswordReveal accountId={accountId} />}
      {!editing && !isSet && !status.isPending && <p className="text-muted-foreground text-sm">No MLS password stored.</p>}
      {editing && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Input
            id={INPUT_ID}
            type="password"
            autoComplete="new-password"
            className="sm:flex-1"
            value={change.value}
            disabled={change.clear}
            placeholder={isSet ? 'Leave blank to keep the current password' : 'Enter your MLS password'}
            aria-invalid={!!error}
            aria-describedby={error ? `${INPUT_ID}-error` : change.clear ? `${INPUT_ID}-clear-note` : undefined}
            onChange={(event) => onChange({ value: event.target.value, clear: false })}
          />
          {isSet && (
            <Button type="button" variant="outline" className="shrink-0" onClick={() => onChange({ value: '', clear: !change.clear })}>
              {change.clear ? 'Keep Password' : 'Clear Password'}
            </Button>
          )}
        </div>
      )}
      {editing && change.clear && (
        <p id={`${INPUT_ID}-clear-note`} className="text-muted-foreground text-sm">
          The MLS password will be removed when you save.
        </p>
      )}
      {error && (
        <p id={`${INPUT_ID}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
