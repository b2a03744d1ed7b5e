import type { ReactNode } from 'react';
import { downloadDocumentBlob, type ListingDocument } from '@/features/documents/api/get-documents';
import { ReadContractLauncher } from '@/features/contract-intake/components/read-contract-launcher';
import type { ContractPartyFacts } from '@/features/parties/lib/proposals';

/**
 * The Documents tab's row control that offers contract intake on a stored
 * Purchase Contract (uploaded, or filed from an e-mail and typed later): the
 * listing screens compose the two features, which do not know each other.
 * The saved contract goes to `onSaved` (the screen proposes its people as parties).
 */
export function readStoredContract(listingId: string, onSaved: (facts: ContractPartyFacts) => void) {
  return (document: ListingDocument): ReactNode =>
    document.document_type === 'purchase_contract' && document.file_type === 'application/pdf' ? (
      <ReadContractLauncher
        listingId={listingId}
        onSaved={onSaved}
        stored={{
          id: document.id,
          fileName: document.file_name,
          load: async () => new File([await downloadDocumentBlob(document)], document.file_name, { type: 'application/pdf' }),
        }}
      />
    ) : null;
}
