import {
  CalendarDays,
  CircleUserRound,
  Dog,
  Heart,
  LogIn,
  type LucideIcon,
  MessageCircle,
  ShoppingBag,
} from 'lucide-react';

export interface NavItem {
  to: string;
  /** Locale key of the label. */
  label: string;
  icon: LucideIcon;
  /** False for items that only send a signed-out visitor to /auth, so "Prijava" alone lights up there. */
  highlight?: boolean;
  /** Shows the unread messages of all chats (signed in). */
  chatBadge?: boolean;
  /** Other screens of the same section, where this item is the current one too. */
  alsoOn?: string[];
}

const profile: NavItem = { to: '/profil', label: 'nav.profile', icon: CircleUserRound };
const myDogs: NavItem = { to: '/moji-psi', label: 'nav.myDogs', icon: Dog };
const chat: NavItem = {
  to: '/klepet',
  label: 'nav.chat',
  icon: MessageCircle,
  chatBadge: true,
  // The chat list as cards (/chat) belongs to the chat section.
  alsoOn: ['/chat'],
};
const match: NavItem = { to: '/ujemanja', label: 'nav.match', icon: Heart };
/** Dog places (/mesta) and lost dogs nearby (/pogresani) are out in the neighbourhood too: the same section. */
const events: NavItem = {
  to: '/events',
  label: 'nav.events',
  icon: CalendarDays,
  alsoOn: ['/mesta', '/pogresani'],
};
const shop: NavItem = { to: '/trgovina', label: 'nav.shop', icon: ShoppingBag };
const signIn: NavItem = { to: '/auth', label: 'nav.signIn', icon: LogIn };

/** Top bar links (SPEC Navigation). */
export function desktopNav(signedIn: boolean): NavItem[] {
  return signedIn ? [profile, myDogs, chat, match, events, shop] : [match, events, shop, signIn];
}

/**
 * Phone bottom bar: always five items, with short labels where the page's name is long (German's
 * "Veranstaltungen" would not fit a fifth of a phone); dogs and chat lead a signed-out visitor to /auth.
 */
export function mobileNav(signedIn: boolean): NavItem[] {
  const dogs = { ...myDogs, label: 'nav.dogs' };
  const discover = { ...match, label: 'nav.matchShort' };
  const meetups = { ...events, label: 'nav.eventsShort' };
  return signedIn
    ? [discover, meetups, dogs, chat, profile]
    : [
        discover,
        meetups,
        { ...dogs, to: '/auth', highlight: false },
        { ...chat, to: '/auth', highlight: false },
        signIn,
      ];
}

/** Whether the item stands for the page at `pathname`: its address, a page under it, or one of `alsoOn`. */
export function isCurrent(item: NavItem, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  return [item.to, ...(item.alsoOn ?? [])].some((to) => path === to || path.startsWith(`${to}/`));
}
