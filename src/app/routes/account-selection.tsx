import { FeaturePlaceholder } from '@/components/feature-placeholder';
import { PublicPageFrame } from '@/components/public-page-frame';

export function AccountSelectionRoute() {
  return (
    <PublicPageFrame>
      <FeaturePlaceholder title="Select Your Account" description="Lists the accounts of the signed-in person." />
    </PublicPageFrame>
  );
}
