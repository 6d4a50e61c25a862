import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from './components/PageLoader';
import { SIGNAL_BOTS } from './bots/catalog';
import { lazyRoute } from './lib/lazyRoute';
import { PageMeta } from './lib/usePageMeta';
import { RequireAdmin, RequireMember } from './layout/guards';
import { SiteLayout } from './layout/SiteLayout';
import { RouteError } from './pages/RouteError';

// Every page is its own chunk, the landing page too (lazyRoute: loaded before the route shows). The
// entry holds only the frame (providers, navbar, footer): a visitor's first load is the frame and
// the page they opened, and member and admin areas load only when visited.
const signalBot = () => import('./bots/SignalBotPage');

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <PageMeta />
        <SiteLayout />
      </>
    ),
    errorElement: <RouteError />,
    // while the first page's chunk loads (once per visit)
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: '/', ...lazyRoute(() => import('./pages/home/Home')) },
      { path: '/aboutus', ...lazyRoute(() => import('./pages/AboutUs')) },
      { path: '/contactus', ...lazyRoute(() => import('./pages/ContactUs')) },
      { path: '/pricing', ...lazyRoute(() => import('./pages/Pricing')) },
      { path: '/login', ...lazyRoute(() => import('./pages/Login')) },
      { path: '/signin', ...lazyRoute(() => import('./pages/Login')) },
      { path: '/signup', ...lazyRoute(() => import('./pages/SignUp')) },
      { path: '/success', ...lazyRoute(() => import('./pages/Success')) },
      { path: '/verify', ...lazyRoute(() => import('./pages/Verify')) },
      { path: '/changepassword', ...lazyRoute(() => import('./pages/ChangePassword')) },
      { path: '/terms', ...lazyRoute(() => import('./pages/Terms')) },
      // spec routes without a screen of their own (docs/decisions/web-app.md, "Spec routes without a
      // screen of their own"): the home page's scroll stepper, and 'nu' (the old nucleus bot, not
      // offered) leads to the bot marketplace
      { path: '/scroll', element: <Navigate to="/#how-title" replace /> },
      { path: '/nu', element: <Navigate to="/dashboard" replace /> },
      {
        element: <RequireMember />,
        children: [
          { path: '/dashboard', ...lazyRoute(() => import('./member/Dashboard')) },
          { path: '/profile', ...lazyRoute(() => import('./member/Profile')) },
          { path: '/security', ...lazyRoute(() => import('./member/Security')) },
          { path: '/notifications', ...lazyRoute(() => import('./member/Notifications')) },
          { path: '/exchange', ...lazyRoute(() => import('./member/exchange/ExchangePage')) },
          { path: '/wallet', ...lazyRoute(() => import('./wallet/WalletPage')) },
          { path: '/trendex', ...lazyRoute(() => import('./wallet/CorePage')) },
          { path: '/team', ...lazyRoute(() => import('./team/TeamGlance')) },
          { path: '/bonus', ...lazyRoute(() => import('./team/RewardsPage')) },
          { path: '/rewards', ...lazyRoute(() => import('./team/ReferPage')) },
          { path: '/dca', ...lazyRoute(() => import('./bots/dca/DcaPage')) },
          { path: '/classic', ...lazyRoute(() => import('./bots/ClassicPage')) },
          // one page for the signal bots, which reads its bot from the route
          ...SIGNAL_BOTS.map(({ path }) => ({
            path,
            ...lazyRoute(signalBot, (SignalBot) => <SignalBot key={path} />),
          })),
          { path: '/portfolio', ...lazyRoute(() => import('./bots/PortfolioPage')) },
          { path: '/profit', ...lazyRoute(() => import('./bots/ProfitPage')) },
          { path: '/complain', ...lazyRoute(() => import('./support/ComplainPage')) },
          // support answers here without being an admin (the page and the API check the groups)
          { path: '/chatreply', ...lazyRoute(() => import('./support/ChatReply')) },
        ],
      },
      { path: '*', ...lazyRoute(() => import('./pages/NotFound')) },
    ],
  },
  {
    // The admin area has its own top panel and sidebar (spec: "Admin top panel and sidebar are shared").
    element: (
      <>
        <PageMeta />
        <RequireAdmin />
      </>
    ),
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        ...lazyRoute(() => import('./admin/AdminLayout')),
        children: [
          { path: '/admindashboard', ...lazyRoute(() => import('./admin/AdminDashboard')) },
          { path: '/admin1', ...lazyRoute(() => import('./admin/TreeView')) },
          {
            path: '/admindeposit',
            ...lazyRoute(() =>
              import('./wallet/admin/MoneyReports').then((m) => ({ default: m.DepositReport })),
            ),
          },
          {
            path: '/adminwithdraw',
            ...lazyRoute(() =>
              import('./wallet/admin/MoneyReports').then((m) => ({ default: m.WithdrawReport })),
            ),
          },
          {
            path: '/adminpayout',
            ...lazyRoute(() =>
              import('./wallet/admin/MoneyReports').then((m) => ({ default: m.PayoutReport })),
            ),
          },
          { path: '/balance', ...lazyRoute(() => import('./wallet/admin/BalanceReport')) },
          { path: '/adminregister', ...lazyRoute(() => import('./admin/reports/RegistrationReport')) },
          { path: '/adminactivation', ...lazyRoute(() => import('./admin/reports/ActivationReport')) },
          { path: '/adminactivate', ...lazyRoute(() => import('./admin/reports/ActivationReport')) },
          { path: '/structure', ...lazyRoute(() => import('./admin/reports/PayoutStructure')) },
          { path: '/leaders', ...lazyRoute(() => import('./admin/reports/LeadersReport')) },
          { path: '/searchprofile', ...lazyRoute(() => import('./admin/ProfileSearch')) },
          { path: '/transferemail', ...lazyRoute(() => import('./admin/TransferEmail')) },
          // the spec's bare 'admin' route is the back office's entry (docs/decisions/back-office.md,
          // "Back-office routes")
          { path: '/admin', ...lazyRoute(() => import('./admin/AdminDashboard')) },
          {
            path: '/withdraw',
            ...lazyRoute(() =>
              import('./wallet/admin/MoneyReports').then((m) => ({ default: m.WithdrawReport })),
            ),
          },
          { path: '/admintransfer', ...lazyRoute(() => import('./admin/trading/TradingProfit')) },
          { path: '/master', ...lazyRoute(() => import('./admin/trading/MasterReport')) },
          { path: '/adminorder', ...lazyRoute(() => import('./admin/trading/OrderReport')) },
          { path: '/apibind', ...lazyRoute(() => import('./admin/trading/ApiBinding')) },
          { path: '/apierror', ...lazyRoute(() => import('./admin/trading/ApiErrors')) },
          { path: '/auditlog', ...lazyRoute(() => import('./admin/trading/AuditLog')) },
          { path: '/operations', ...lazyRoute(() => import('./admin/Operations')) },
        ],
      },
    ],
  },
];

/**
 * Loads the page chunks of the routes `pathname` matches into the routes themselves. The router
 * renders its fallback while a matched route is still lazy, and a prerendered page must hydrate
 * from the same tree it was rendered with (web/src/prerender.tsx): its chunks are loaded first.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
