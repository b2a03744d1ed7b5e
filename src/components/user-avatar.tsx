import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

export interface PersonLike {
  first_name: string | null;
  last_name: string | null;
  profile_image_url?: string | null;
}

export function personName(person: PersonLike | null | undefined): string {
  const name = [person?.first_name, person?.last_name].filter(Boolean).join(' ');
  return name || 'User';
}

function initials(person: PersonLike | null | undefined): string {
  const letters = `${person?.first_name?.[0] ?? ''}${person?.last_name?.[0] ?? ''}`.toUpperCase();
  return letters || 'U';
}

/** Profile image, or the initials of first and last name. */
export function UserAvatar({ person, className }: { person: PersonLike | null | undefined; className?: string }) {
  return (
    <Avatar className={cn('size-8', className)}>
      {person?.profile_image_url && <AvatarImage src={person.profile_image_url} alt="" />}
      <AvatarFallback className="text-xs font-medium">{initials(person)}</AvatarFallback>
    </Avatar>
  );
}
