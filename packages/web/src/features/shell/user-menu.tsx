import { LogOut, Plus, UserRound } from "lucide-react";
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

export function UserMenu() {
  const { user } = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="User menu"
        className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Avatar>
          {user.photoUrl ? <AvatarImage src={user.photoUrl} alt="" /> : null}
          <AvatarFallback>{initials(user.firstName, user.lastName, user.username)}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate font-semibold">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">
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
        <DropdownMenuItem disabled>
          <Plus aria-hidden="true" />
          Create New Circle
          <span className="ml-auto text-xs text-muted-foreground">Soon</span>
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
