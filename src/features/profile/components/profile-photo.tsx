import { Camera } from 'lucide-react';
import { useRef, useState } from 'react';
import { AvatarCropDialog, type AvatarCropSettings } from '@/components/avatar-crop-dialog';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import type { CurrentUser } from '@/hooks/use-current-user';
import { toast } from '@/hooks/use-toast';
import { useUpdateAvatar } from '@/features/profile/api/update-avatar';

/**
 * The account's avatar with a camera button: choose an image, crop it in the
 * dialog (settings per screen: coordinator or agent), and it is uploaded.
 */
export function ProfilePhoto({ user, crop }: { user: CurrentUser; crop: AvatarCropSettings }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const updateAvatar = useUpdateAvatar({ onSaved: () => setFile(null) });

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    // Any image opens the cropper; what it saves is a JPEG, which the bucket accepts.
    if (!chosen.type.startsWith('image/')) {
      toast({ title: 'Error', description: `"${chosen.name}" is not an image.`, variant: 'destructive' });
      return;
    }
    setFile(chosen);
  };

  return (
    <div className="relative w-fit shrink-0">
      <UserAvatar
        person={{ first_name: user.firstName, last_name: user.lastName, profile_image_url: user.profileImageUrl }}
        className="size-24 text-2xl [&_[data-slot=avatar-fallback]]:text-2xl"
      />
      <Button
        type="button"
        size="icon"
        variant="secondary"
        className="absolute right-0 bottom-0 size-8 rounded-full border shadow-sm"
        aria-label="Change profile photo"
        onClick={() => input.current?.click()}
      >
        <Camera />
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="hidden"
        data-testid="profile-photo-input"
        aria-hidden
        tabIndex={-1}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <AvatarCropDialog
        file={file}
        settings={crop}
        saving={updateAvatar.isPending}
        onCancel={() => setFile(null)}
        onCropped={(image) => updateAvatar.mutate({ accountId: user.id, previousUrl: user.profileImageUrl, image })}
      />
    </div>
  );
}
