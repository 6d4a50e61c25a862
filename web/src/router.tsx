import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageLoader } from './components/PageLoader';
import { RequireAdmin, RequireMember } from './layout/guards';
import { SiteLayout } from './layout/SiteLayout';
import { RouteError } from './pages/RouteError';
import Home from './pages/home/Home';

// Every page but the landing page is its own chunk; member and admin areas load only when visited.
const AboutUs = lazy(() => import('./pages/AboutUs'));
const ContactUs = lazy(() => import('./pages/ContactUs'));
const Pricing = lazy(() => import('./pages/Pricing'));
const Login = lazy(() => import('./pages/Login'));
const SignUp = lazy(() => import('./pages/SignUp'));
const Success = lazy(() => import('./pages/Success'));
const Verify = lazy(() => import('./pages/Verify'));
const ChangePassword = lazy(() => import('./pages/ChangePassword'));
const NotFound = lazy(() => import('./pages/NotFound'));
const Dashboard = lazy(() => import('./member/Dashboard'));
const Profile = lazy(() => import('./member/Profile'));
const Notifications = lazy(() => import('./member/Notifications'));
const AdminLayout = lazy(() => import('./admin/AdminLayout'));
const AdminDashboard = lazy(() => import('./admin/AdminDashboard'));

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
      {
        element: <RequireMember />,
        children: [
          { path: '/dashboard', element: <Dashboard /> },
          { path: '/profile', element: <Profile /> },
          { path: '/notifications', element: <Notifications /> },
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
        children: [{ path: '/admindashboard', element: <AdminDashboard /> }],
      },
    ],
  },
]);
