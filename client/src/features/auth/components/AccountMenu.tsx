import { ChevronDown, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSignOut } from '../hooks/use-sign-out';
import type { SessionAuthUser } from '../types';

function Avatar({ user }: { user: SessionAuthUser }) {
  const initial = (user.firstName ?? user.email).charAt(0).toUpperCase();
  if (user.profileImageUrl) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        referrerPolicy="no-referrer"
        className="size-8 rounded-full object-cover ring-2 ring-white/20"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="grid size-8 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white ring-2 ring-white/20"
    >
      {initial}
    </span>
  );
}

/** The account menu: first name (or Account) and avatar, with Dashboard, Account and Logout. */
export function AccountMenu({ user }: { user: SessionAuthUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const label = user.firstName || 'Account';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex cursor-pointer items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-semibold text-white hover:bg-white/10"
        aria-label={`Account menu for ${label}`}
      >
        <Avatar user={user} />
        <span className="max-w-[10rem] truncate">{label}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-slate-300" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-56">
        <DropdownMenuLabel className="truncate text-xs font-normal text-slate-500">{user.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate('/dashboard')}>
          <LayoutDashboard aria-hidden="true" /> Dashboard
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate('/account')}>
          <UserRound aria-hidden="true" /> Account
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
