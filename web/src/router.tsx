import { Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoader } from './components/PageLoader';
import { SIGNAL_BOTS } from './bots/catalog';
import { lazyPage } from './lib/lazyPage';
import { RequireAdmin, RequireMember } from './layout/guards';
import { SiteLayout } from './layout/SiteLayout';
import { RouteError } from './pages/RouteError';
import Home from './pages/home/Home';

// Every page but the landing page is its own chunk; member and admin areas load only when visited.
const AboutUs = lazyPage(() => import('./pages/AboutUs'));
const ContactUs = lazyPage(() => import('./pages/ContactUs'));
const Pricing = lazyPage(() => import('./pages/Pricing'));
const Login = lazyPage(() => import('./pages/Login'));
const SignUp = lazyPage(() => import('./pages/SignUp'));
const Success = lazyPage(() => import('./pages/Success'));
const Verify = lazyPage(() => import('./pages/Verify'));
const ChangePassword = lazyPage(() => import('./pages/ChangePassword'));
const NotFound = lazyPage(() => import('./pages/NotFound'));
const Dashboard = lazyPage(() => import('./member/Dashboard'));
const Profile = lazyPage(() => import('./member/Profile'));
const Security = lazyPage(() => import('./member/Security'));
const Notifications = lazyPage(() => import('./member/Notifications'));
const Exchange = lazyPage(() => import('./member/exchange/ExchangePage'));
const Wallet = lazyPage(() => import('./wallet/WalletPage'));
const TrendexCore = lazyPage(() => import('./wallet/CorePage'));
const AdminLayout = lazyPage(() => import('./admin/AdminLayout'));
const AdminDashboard = lazyPage(() => import('./admin/AdminDashboard'));
const AdminTree = lazyPage(() => import('./admin/TreeView'));
const DepositReport = lazyPage(() =>
  import('./wallet/admin/MoneyReports').then((m) => ({ default: m.DepositReport })),
);
const WithdrawReport = lazyPage(() =>
  import('./wallet/admin/MoneyReports').then((m) => ({ default: m.WithdrawReport })),
);
const PayoutReport = lazyPage(() =>
  import('./wallet/admin/MoneyReports').then((m) => ({ default: m.PayoutReport })),
);
const BalanceReport = lazyPage(() => import('./wallet/admin/BalanceReport'));
const RegistrationReport = lazyPage(() => import('./admin/reports/RegistrationReport'));
const ActivationReport = lazyPage(() => import('./admin/reports/ActivationReport'));
const PayoutStructure = lazyPage(() => import('./admin/reports/PayoutStructure'));
const LeadersReport = lazyPage(() => import('./admin/reports/LeadersReport'));
const ProfileSearch = lazyPage(() => import('./admin/ProfileSearch'));
const TransferEmail = lazyPage(() => import('./admin/TransferEmail'));
const TradingProfit = lazyPage(() => import('./admin/trading/TradingProfit'));
const MasterReport = lazyPage(() => import('./admin/trading/MasterReport'));
const OrderReport = lazyPage(() => import('./admin/trading/OrderReport'));
const ApiBinding = lazyPage(() => import('./admin/trading/ApiBinding'));
const ApiErrors = lazyPage(() => import('./admin/trading/ApiErrors'));
const AuditLog = lazyPage(() => import('./admin/trading/AuditLog'));
const Complain = lazyPage(() => import('./support/ComplainPage'));
const ChatReply = lazyPage(() => import('./support/ChatReply'));
const TeamGlance = lazyPage(() => import('./team/TeamGlance'));
const Rewards = lazyPage(() => import('./team/RewardsPage'));
const Dca = lazyPage(() => import('./bots/dca/DcaPage'));
const Classic = lazyPage(() => import('./bots/ClassicPage'));
const SignalBot = lazyPage(() => import('./bots/SignalBotPage'));
const Portfolio = lazyPage(() => import('./bots/PortfolioPage'));
const ProfitStatement = lazyPage(() => import('./bots/ProfitPage'));

export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/aboutus', element: <AboutUs /> },
      { path: '/contactus', element: <ContactUs /> },
      { path: '/pricing', element: <Pricing /> },
      { path: '/login', element: <Login /> },
      { path: '/signin', element: <Login /> },
      { path: '/signup', element: <SignUp /> },
      { path: '/success', element: <Success /> },
      { path: '/verify', element: <Verify /> },
      { path: '/changepassword', element: <ChangePassword /> },
      // spec routes without a screen of their own (docs/decisions.md): the home page's scroll
      // stepper, and 'nu' (the old nucleus bot, not offered) leads to the bot marketplace
      { path: '/scroll', element: <Navigate to="/#how-title" replace /> },
      { path: '/nu', element: <Navigate to="/dashboard" replace /> },
      {
        element: <RequireMember />,
        children: [
          { path: '/dashboard', element: <Dashboard /> },
          { path: '/profile', element: <Profile /> },
          { path: '/security', element: <Security /> },
          { path: '/notifications', element: <Notifications /> },
          { path: '/exchange', element: <Exchange /> },
          { path: '/wallet', element: <Wallet /> },
          { path: '/trendex', element: <TrendexCore /> },
          { path: '/team', element: <TeamGlance /> },
          { path: '/bonus', element: <Rewards /> },
          { path: '/rewards', element: <Rewards /> },
          { path: '/dca', element: <Dca /> },
          { path: '/classic', element: <Classic /> },
          // one page for the signal bots, which reads its bot from the route
          ...SIGNAL_BOTS.map(({ path }) => ({ path, element: <SignalBot key={path} /> })),
          { path: '/portfolio', element: <Portfolio /> },
          { path: '/profit', element: <ProfitStatement /> },
          { path: '/complain', element: <Complain /> },
          // support answers here without being an admin (the page and the API check the groups)
          { path: '/chatreply', element: <ChatReply /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    // The admin area has its own top panel and sidebar (spec: "Admin top panel and sidebar are shared").
    element: <RequireAdmin />,
    errorElement: <RouteError />,
    children: [
      {
        element: (
          <Suspense fallback={<PageLoader />}>
            <AdminLayout />
          </Suspense>
        ),
        children: [
          { path: '/admindashboard', element: <AdminDashboard /> },
          { path: '/admin1', element: <AdminTree /> },
          { path: '/admindeposit', element: <DepositReport /> },
          { path: '/adminwithdraw', element: <WithdrawReport /> },
          { path: '/adminpayout', element: <PayoutReport /> },
          { path: '/balance', element: <BalanceReport /> },
          { path: '/adminregister', element: <RegistrationReport /> },
          { path: '/adminactivation', element: <ActivationReport /> },
          { path: '/adminactivate', element: <ActivationReport /> },
          { path: '/structure', element: <PayoutStructure /> },
          { path: '/leaders', element: <LeadersReport /> },
          { path: '/searchprofile', element: <ProfileSearch /> },
          { path: '/transferemail', element: <TransferEmail /> },
          // the spec's bare 'admin' route is the back office's entry (docs/decisions.md)
          { path: '/admin', element: <AdminDashboard /> },
          { path: '/withdraw', element: <WithdrawReport /> },
          { path: '/admintransfer', element: <TradingProfit /> },
          { path: '/master', element: <MasterReport /> },
          { path: '/adminorder', element: <OrderReport /> },
          { path: '/apibind', element: <ApiBinding /> },
          { path: '/apierror', element: <ApiErrors /> },
          { path: '/auditlog', element: <AuditLog /> },
        ],
      },
    ],
  },
]);
