import { LogOut, Plus, UserRound } from "lucide-react";
import { useRef } from "react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useCurrentUser, useSignOut } from "@/lib/session";
import { initials } from "@/lib/utils";

export function UserMenu({
  onCreateCircle,
}: {
  /** Called with the menu's button, which takes focus back when the dialog closes. */
  onCreateCircle: (opener: HTMLElement | null) => void;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const { user } = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  const letters = initials(user.firstName, user.lastName, user.username);
  return (
    // Not modal: a modal menu hides the page from assistive technology with aria-hidden while
    // its links stay focusable, which axe reports as serious; the menu button pattern needs no
    // focus trap (Escape and Tab close the menu).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        ref={trigger}
        // Starts with what the button shows (the initials), so "click JD" works by voice too.
        aria-label={user.photoUrl ? `User menu for ${name}` : `${letters}, user menu for ${name}`}
        className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Avatar>
          {user.photoUrl ? <AvatarImage src={user.photoUrl} alt="" /> : null}
          <AvatarFallback>{letters}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        collisionPadding={8}
        className="w-72 max-w-(--radix-dropdown-menu-content-available-width)"
      >
        {/* Names and addresses wrap rather than being cut off or widening the menu. */}
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="font-semibold wrap-anywhere">{name}</span>
          <span className="text-xs font-normal wrap-anywhere text-muted-foreground">
            {user.email || user.username}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={paths.profile}>
            <UserRound aria-hidden="true" />
            My Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onCreateCircle(trigger.current)}>
          <Plus aria-hidden="true" />
          Create New Circle
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={isPending}
          onSelect={(event) => {
            // Keep the menu's focus handling out of the way while the page is torn down.
            event.preventDefault();
            void signOut();
          }}
        >
          <LogOut aria-hidden="true" />
          {isPending ? "Signing out..." : "Sign Out"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
