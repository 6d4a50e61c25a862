/**
 * Every navigation link of the site, in one place. Later issues add their routes to the router and,
 * where needed, a line here.
 */
export interface NavItem {
  label: string;
  to: string;
}

export const publicNav: NavItem[] = [
  { label: 'About Us', to: '/aboutus' },
  { label: 'Contact Us', to: '/contactus' },
  { label: 'Pricing', to: '/pricing' },
];

/** Only pages that exist. */
export const memberNav: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Profit Statement', to: '/profit' },
  { label: 'Team', to: '/team' },
  { label: 'Rewards', to: '/bonus' },
  { label: 'Wallet', to: '/wallet' },
  { label: 'Trendex Core', to: '/trendex' },
  { label: 'Exchange', to: '/exchange' },
  { label: 'Profile', to: '/profile' },
  { label: 'Security', to: '/security' },
];

/** Shown from rank SUPPORT_FROM_RANK (api/support.ts). */
export const supportNavItem: NavItem = { label: 'Support', to: '/complain' };

/** Shown only to members of the Cognito group 'admin'. */
export const adminNavItem: NavItem = { label: 'Admin', to: '/admindashboard' };

/** The admin sidebar: only pages that exist. */
export const adminSidebar: NavItem[] = [
  { label: 'Dashboard', to: '/admindashboard' },
  { label: 'Tree', to: '/admin1' },
  { label: 'Deposit Report', to: '/admindeposit' },
  { label: 'Withdraw Report', to: '/adminwithdraw' },
  { label: 'Payout Report', to: '/adminpayout' },
  { label: 'Balance', to: '/balance' },
  { label: 'Registration Report', to: '/adminregister' },
  { label: 'Activation Report', to: '/adminactivation' },
  { label: 'Leaders Report', to: '/leaders' },
  { label: 'Payout Structure', to: '/structure' },
  { label: 'Search Profile', to: '/searchprofile' },
  { label: 'Transfer E-mail', to: '/transferemail' },
  { label: 'Trading Profit', to: '/admintransfer' },
  { label: 'Master Accounts', to: '/master' },
  { label: 'Order Report', to: '/adminorder' },
  { label: 'API Binding', to: '/apibind' },
  { label: 'API Errors', to: '/apierror' },
  { label: 'Audit Log', to: '/auditlog' },
  { label: 'Operations', to: '/operations' },
  { label: 'Complaint Chat', to: '/chatreply' },
];

/** Footer quick links; names differ from the navbar's so each link name is unique on a page. */
export const footerLinks: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'About Trendex', to: '/aboutus' },
  { label: 'Plans and prices', to: '/pricing' },
  { label: 'Get in touch', to: '/contactus' },
  { label: 'Open an account', to: '/signup' },
];
