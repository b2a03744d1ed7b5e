import { Loader2, MailCheck, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { CurrentUser } from '@/hooks/use-current-user';
import { cn } from '@/lib/utils';
import { mlsPasswordSchema, useUpdateProfile, type AgentProfileValues, type UpdateProfileInput } from '@/features/profile/api/update-profile';
import { KEEP_MLS_PASSWORD, MlsPasswordField, type MlsPasswordChange } from '@/features/profile/components/mls-password-field';
import type { ProfileFieldName, ProfileFormVariant } from '@/features/profile/components/profile-form-variants';

type Errors = Partial<Record<ProfileFieldName | 'mlsPassword', string>>;

const valuesOf = (user: CurrentUser): AgentProfileValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  phone: user.phone ?? '',
  mlsSystem: user.mlsSystem ?? '',
  mlsUsername: user.mlsUsername ?? '',
  licenseNumber: user.licenseNumber ?? '',
  brokerage: user.brokerage ?? '',
  brokerageAddress: user.brokerageAddress ?? '',
});

/** Save Profile's instruction for the MLS password: omitted (keep), null (clear) or the new one. */
function mlsPasswordInput(change: MlsPasswordChange): string | null | undefined {
  if (change.clear) return null;
  return change.value === '' ? undefined : change.value;
}

/**
 * The profile fields of one screen (see profile-form-variants.ts), read-only
 * until Edit Profile. The e-mail shown is always the verified sign-in
 * address; a new one waits for the confirmation mail (the notice says where
 * it went).
 */
export function ProfileForm({ user, variant, redirectPath }: { user: CurrentUser; variant: ProfileFormVariant; redirectPath: string }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<AgentProfileValues>(() => valuesOf(user));
  const [mlsPassword, setMlsPassword] = useState<MlsPasswordChange>(KEEP_MLS_PASSWORD);
  const [errors, setErrors] = useState<Errors>({});
  const updateProfile = useUpdateProfile({
    errorTitle: variant.errorTitle,
    onSaved: () => {
      setEditing(false);
      setMlsPassword(KEEP_MLS_PASSWORD);
    },
  });
  // While not editing, the fields follow the account (e.g. after the e-mail change is confirmed).
  const shown = editing ? values : valuesOf(user);

  const startEditing = () => {
    setValues(valuesOf(user));
    setMlsPassword(KEEP_MLS_PASSWORD);
    setErrors({});
    setEditing(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = variant.schema.safeParse(values);
    const password = mlsPasswordInput(mlsPassword);
    const passwordCheck = typeof password === 'string' ? mlsPasswordSchema.safeParse(password) : null;
    const issues = [...(parsed.success ? [] : parsed.error.issues), ...(passwordCheck?.success === false ? passwordCheck.error.issues.map((i) => ({ ...i, path: ['mlsPassword'] })) : [])];
    if (issues.length > 0) {
      setErrors(Object.fromEntries(issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    // Only the fields this screen shows are written; the others stay as stored.
    const shownValues = Object.fromEntries(variant.fields.map((field) => [field.name, values[field.name]])) as UpdateProfileInput['values'];
    updateProfile.mutate({
      accountId: user.id,
      currentEmail: user.email,
      values: shownValues,
      mlsPassword: variant.mlsPassword ? password : undefined,
      emailRedirectTo: `${window.location.origin}${redirectPath}`,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Profile details">
      {user.pendingEmail && (
        <Alert data-testid="pending-email-notice">
          <MailCheck />
          <AlertTitle>Confirm your new e-mail address</AlertTitle>
          <AlertDescription>
            <p>
              Check your inbox at <strong className="break-all">{user.pendingEmail}</strong> to confirm the change. Until then you keep signing in with{' '}
              <span className="break-all">{user.email}</span>.
            </p>
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {variant.fields.map((field) => (
          <div key={field.name} className={cn('flex min-w-0 flex-col gap-2', field.wide && 'sm:col-span-2')}>
            <Label htmlFor={`profile-${field.name}`}>{field.label}</Label>
            <Input
              id={`profile-${field.name}`}
              type={field.type}
              autoComplete={field.autoComplete}
              readOnly={!editing}
              className={editing ? undefined : 'bg-muted/50'}
              value={shown[field.name] ?? ''}
              aria-invalid={!!errors[field.name]}
              aria-describedby={errors[field.name] ? `profile-${field.name}-error` : undefined}
              onChange={(event) => {
                setValues((current) => ({ ...current, [field.name]: event.target.value }));
                setErrors((current) => ({ ...current, [field.name]: undefined }));
              }}
            />
            {errors[field.name] && (
              <p id={`profile-${field.name}-error`} className="text-destructive text-sm">
                {errors[field.name]}
              </p>
            )}
          </div>
        ))}
        {variant.mlsPassword && (
          <MlsPasswordField
            viewer={user}
            accountId={user.id}
            editing={editing}
            change={mlsPassword}
            error={errors.mlsPassword}
            onChange={(change) => {
              setMlsPassword(change);
              setErrors((current) => ({ ...current, mlsPassword: undefined }));
            }}
          />
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {editing ? (
          <>
            {/* Keyed apart from Edit Profile: React would otherwise reuse that <button> as this submit button during the very click, submitting the form. */}
            <Button key="save" type="submit" disabled={updateProfile.isPending}>
              {updateProfile.isPending && <Loader2 className="animate-spin" />}
              {variant.saveLabel}
            </Button>
            <Button type="button" variant="outline" disabled={updateProfile.isPending}
              onClick={() => {
                setEditing(false);
                setMlsPassword(KEEP_MLS_PASSWORD);
              }}
            >
              Cancel
            </Button>
          </>
        ) : (
          <Button key="edit" type="button" variant="outline" onClick={startEditing}>
            <Pencil />
            Edit Profile
          </Button>
        )}
      </div>
    </form>
  );
}
