import { useState } from "react";
import { displayNameOf, initialsOf } from "@routepilot/contracts";
import { cn } from "@/lib/utils";

const sizes = {
  sm: "size-6 text-[0.625rem]",
  md: "size-8 text-xs",
  lg: "size-10 text-sm",
  xl: "size-24 text-2xl",
} as const;

type UserAvatarProps = {
  /** The person: their display name, e-mail (for the fallback name) and avatar URL. */
  person: { name?: string | null; email?: string | null; image?: string | null };
  size?: keyof typeof sizes;
  className?: string;
};

/**
 * A person's avatar (issue 27): their picture in a circle, or their initials when they have none
 * (or it fails to load). Decorative: the name is always written beside it.
 */
export function UserAvatar({ person, size = "md", className }: UserAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = person.image && person.image !== failed ? person.image : null;
  const classes = cn("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full", sizes[size], className);
  if (image) {
    return <img src={image} alt="" className={cn(classes, "bg-muted object-cover")} data-testid="user-avatar-image" onError={() => setFailed(image)} />;
  }
  return (
    <span aria-hidden="true" className={cn(classes, "bg-primary font-semibold text-primary-foreground")} data-testid="user-avatar-initials">
      {initialsOf(displayNameOf(person))}
    </span>
  );
}
