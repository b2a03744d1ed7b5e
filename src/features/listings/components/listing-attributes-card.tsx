import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Listing } from '@/features/listings/api/get-listing';
import { useUpdateListingAttributes } from '@/features/listings/api/update-listing-attributes';
import { ListingAttributeFields } from '@/features/listings/components/listing-attribute-fields';
import { attributesFormValues, listingAttributesFormSchema, PROPERTY_TYPE_LABELS, SIDE_LABELS } from '@/features/listings/lib/listing-attributes';

const NOT_SPECIFIED = 'Not specified';

/** The attributes checklist templates match on, and (for whoever may edit the listing) 'Edit' in a dialog. */
export function ListingAttributesCard({ listing, canEdit }: { listing: Listing; canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(() => attributesFormValues(listing));
  const [yearError, setYearError] = useState<string>();
  const save = useUpdateListingAttributes({ onSaved: () => setOpen(false) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = listingAttributesFormSchema.safeParse(values);
    if (!parsed.success) {
      setYearError(parsed.error.issues.find((issue) => issue.path[0] === 'yearBuilt')?.message ?? parsed.error.issues[0]?.message);
      return;
    }
    save.mutate({ listingId: listing.id, attributes: parsed.data });
  };

  const facts: [string, string][] = [
    ['Side', SIDE_LABELS[listing.side === 'buyer' ? 'buyer' : 'listing']],
    ['Property type', PROPERTY_TYPE_LABELS[listing.property_type as keyof typeof PROPERTY_TYPE_LABELS] ?? NOT_SPECIFIED],
    ['HOA', listing.has_hoa === null ? NOT_SPECIFIED : listing.has_hoa ? 'Yes' : 'No'],
    ['Year built', listing.year_built === null ? NOT_SPECIFIED : String(listing.year_built)],
    ['State', listing.state ?? NOT_SPECIFIED],
  ];

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Property Attributes</CardTitle>
        {canEdit && (
          <CardAction>
            <FormDialog
              open={open}
              onOpenChange={(next) => {
                setOpen(next);
                if (next) {
                  setValues(attributesFormValues(listing));
                  setYearError(undefined);
                }
              }}
              trigger={
                <Button size="sm" variant="outline" aria-label="Edit property attributes">
                  <Pencil />
                  Edit
                </Button>
              }
              title="Property Attributes"
              description="Checklist templates are applied by these: a change adds the matching templates' items."
              submitLabel="Save"
              pending={save.isPending}
              onSubmit={submit}
            >
              <ListingAttributeFields idPrefix="listing-attributes" values={values} yearError={yearError} onChange={setValues} />
            </FormDialog>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          {facts.map(([label, value]) => (
            <div key={label} className="flex flex-col gap-1">
              <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{label}</dt>
              <dd className="text-sm">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
