import { ArrowLeft, Loader2, X } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import { isUnauthorized } from '@/lib/api-error';
import { newListingFormSchema, useCreateListing, type NewListingFormValues } from '@/features/listings/api/create-listing';
import { ListingAttributeFields } from '@/features/listings/components/listing-attribute-fields';
import { EMPTY_LISTING_ATTRIBUTES, listingAttributesFormSchema } from '@/features/listings/lib/listing-attributes';

type FieldName = keyof NewListingFormValues;

const EMPTY: Required<NewListingFormValues> = { address: '', sellerName: '', sellerPhone: '', sellerEmail: '', listingPrice: '', imageUrl: '', initialNote: '' };

function FieldError({ message }: { message?: string }) {
  return message ? <p className="text-destructive text-sm">{message}</p> : null;
}

/** The control a coordinator or super admin picks the listing's agent with (the screen composes it from the agents feature). */
export interface ListingAgentChoice {
  render: (field: { id: string; value: string | null; invalid: boolean; onChange: (agentId: string | null) => void }) => ReactNode;
}

/**
 * The New Listing form (spec part 1 §2). An agent lists for themselves; a
 * coordinator or super admin is given `agentChoice` and picks the listing's
 * agent (the database refuses any other agent with a readable 403).
 */
export function NewListingForm({ user, agentChoice }: { user: CurrentUser; agentChoice?: ListingAgentChoice }) {
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [agentId, setAgentId] = useState('');
  const [attributes, setAttributes] = useState(EMPTY_LISTING_ATTRIBUTES);
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'agentId' | 'yearBuilt', string>>>({});
  const [image, setImage] = useState<File | null>(null);
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  // An agent lands on My Listings (spec part 1 §2); a coordinator or super admin on that agent's dashboard workspace.
  const backHref = agentChoice ? paths.tcDashboard.getHref() : paths.agentDashboard.getHref();
  const createListing = useCreateListing({
    onCreated: (listing) => {
      toast({ title: 'Listing created successfully!' });
      void navigate(agentChoice ? paths.tcDashboard.getHref(agentId, listing.id) : paths.agentDashboard.getHref());
    },
  });

  const set = (name: FieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newListingFormSchema.safeParse(values);
    const parsedAttributes = listingAttributesFormSchema.safeParse(attributes);
    const missingAgent = !!agentChoice && !agentId;
    if (!parsed.success || !parsedAttributes.success || missingAgent) {
      const issues = [...(parsed.error?.issues ?? []), ...(parsedAttributes.error?.issues ?? [])].map((issue) => [issue.path[0], issue.message]);
      setErrors(Object.fromEntries([...issues, ...(missingAgent ? [['agentId', 'Required']] : [])]));
      return;
    }
    createListing.mutate(
      { agentId: agentChoice ? agentId : user.id, fields: parsed.data, attributes: parsedAttributes.data, image },
      {
        onError: (error) => {
          if (isUnauthorized(error)) return;
          const message = error instanceof Error && error.message ? error.message : 'Please try again.';
          toast({ title: 'Error', description: `Failed to create listing: ${message}`, variant: 'destructive' });
        },
      },
    );
  };

  const text = (name: FieldName, label: string, props: { type?: string; placeholder?: string; required?: boolean } = {}) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`new-listing-${name}`}>
        {label}
        {props.required && <span className="text-destructive">*</span>}
      </Label>
      <Input id={`new-listing-${name}`} type={props.type ?? 'text'} placeholder={props.placeholder} value={values[name]} onChange={set(name)} aria-invalid={!!errors[name]} />
      <FieldError message={errors[name]} />
    </div>
  );

  return (
    <div className="flex flex-col gap-4">
      <Link to={backHref} className="text-muted-foreground hover:text-foreground inline-flex w-fit items-center gap-1.5 text-sm">
        <ArrowLeft className="size-4" />
        {agentChoice ? 'Back to Dashboard' : 'Back to My Listings'}
      </Link>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">New Listing</CardTitle>
          <CardDescription>
            {agentChoice ? 'Choose the agent and enter the address; you can fill in the rest later.' : 'Only the address is required; you can fill in the rest later.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
            {agentChoice && (
              <ListingAgentSelect
                choice={agentChoice}
                value={agentId}
                error={errors.agentId}
                onChange={(id) => {
                  setAgentId(id ?? '');
                  setErrors((current) => ({ ...current, agentId: undefined }));
                }}
              />
            )}
            {text('address', 'Address', { placeholder: '123 Main St, Austin, TX 78701', required: true })}
            <div className="grid gap-5 sm:grid-cols-2">
              {text('sellerName', 'Seller Name')}
              {text('sellerPhone', 'Seller Phone', { type: 'tel' })}
              {text('sellerEmail', 'Seller Email', { type: 'email' })}
              {text('listingPrice', 'Listing Price', { placeholder: '$500,000' })}
            </div>
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-3 text-sm font-medium">Property attributes (checklist templates are applied by these)</legend>
              <ListingAttributeFields
                idPrefix="new-listing"
                values={attributes}
                yearError={errors.yearBuilt}
                onChange={(next) => {
                  setAttributes(next);
                  setErrors((current) => ({ ...current, yearBuilt: undefined }));
                }}
              />
            </fieldset>
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor="new-listing-image">Property Image (optional)</Label>
                <Input id="new-listing-image" type="file" accept="image/*" onChange={(event) => setImage(event.target.files?.[0] ?? null)} />
                {preview && (
                  <div className="relative w-48">
                    <img src={preview} alt="Property image preview" className="aspect-[4/3] w-48 rounded-md border object-cover" />
                    <Button type="button" size="icon-sm" variant="secondary" className="absolute top-1 right-1" aria-label="Remove image" onClick={() => setImage(null)}>
                      <X />
                    </Button>
                  </div>
                )}
              </div>
              {text('imageUrl', 'or Image URL (optional)', { type: 'url', placeholder: 'https://example.com/house.jpg' })}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="new-listing-initialNote">Initial Note (optional)</Label>
              <Textarea id="new-listing-initialNote" value={values.initialNote} onChange={set('initialNote')} />
            </div>
            <div className="flex gap-2">
              <Button type="submit" disabled={createListing.isPending}>
                {createListing.isPending && <Loader2 className="animate-spin" />}
                Create Listing
              </Button>
              <Button type="button" variant="outline" asChild>
                <Link to={paths.home.getHref()}>Cancel</Link>
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

function ListingAgentSelect({ choice, value, error, onChange }: { choice: ListingAgentChoice; value: string; error?: string; onChange: (agentId: string | null) => void }) {
  return (
    <div className="flex flex-col gap-2 sm:max-w-sm">
      <Label htmlFor="new-listing-agent">
        Agent
        <span className="text-destructive">*</span>
      </Label>
      {choice.render({ id: 'new-listing-agent', value: value || null, invalid: !!error, onChange })}
      <FieldError message={error} />
    </div>
  );
}
