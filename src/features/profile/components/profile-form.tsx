import { Loader2, MailCheck, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { CurrentUser } from '@/hooks/use-current-user';
import { profileContactSchema, useUpdateProfile, type ProfileContactValues } from '@/features/profile/api/update-profile';

type FieldName = keyof ProfileContactValues;

const FIELDS: { name: FieldName; label: string; type: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
];

const valuesOf = (user: CurrentUser): ProfileContactValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  phone: user.phone ?? '',
});

/**
 * First name, last name, e-mail and phone, read-only until Edit Profile. The
 * e-mail shown is always the verified sign-in address; a new one waits for
 * the confirmation mail (the notice says where it went).
 */
export function ProfileContactForm({ user, redirectPath }: { user: CurrentUser; redirectPath: string }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ProfileContactValues>(() => valuesOf(user));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const updateProfile = useUpdateProfile({ onSaved: () => setEditing(false) });
  // While not editing, the fields follow the account (e.g. after the e-mail change is confirmed).
  const shown = editing ? values : valuesOf(user);

  const startEditing = () => {
    setValues(valuesOf(user));
    setErrors({});
    setEditing(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileContactSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    updateProfile.mutate({
      accountId: user.id,
      currentEmail: user.email,
      values,
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
        {FIELDS.map((field) => (
          <div key={field.name} className="flex flex-col gap-2">
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
      </div>
      <div className="flex flex-wrap gap-2">
        {editing ? (
          <>
            {/* Keyed apart from Edit Profile: React would otherwise reuse that <button> as this submit button during the very click, submitting the form. */}
            <Button key="save" type="submit" disabled={updateProfile.isPending}>
              {updateProfile.isPending && <Loader2 className="animate-spin" />}
              Save
            </Button>
            <Button type="button" variant="outline" disabled={updateProfile.isPending} onClick={() => setEditing(false)}>
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
