import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from '../features/errors/RouteError';

/**
 * Every page is a lazy chunk: the landing page never downloads the dashboard,
 * and the public chat stays small.
 */
export const router = createBrowserRouter([
  { path: '/', lazy: () => import('../features/landing/LandingPage').then(page), errorElement: <RouteError /> },
  { path: '/login', lazy: () => import('../features/auth/LoginPage').then(page) },
  { path: '/register', lazy: () => import('../features/auth/RegisterPage').then(page) },
  { path: '/terms', lazy: () => import('../features/legal/TermsPage').then(page) },
  { path: '/privacy', lazy: () => import('../features/legal/PrivacyPage').then(page) },
  {
    path: '/dashboard',
    lazy: () => import('./DashboardRoot').then(page),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/dashboard/agents" replace /> },
      { path: 'agents', lazy: () => import('../features/agents/AgentsPage').then(page) },
      { path: 'profile', lazy: () => import('../features/account/ProfilePage').then(page) },
      { path: 'plan', lazy: () => import('../features/billing/PlanPage').then(page) },
      { path: 'integrations', lazy: () => import('../features/errors/ComingSoonPage').then(page) },
      { path: '*', lazy: () => import('../features/errors/NotFoundPage').then(page) },
    ],
  },
  { path: '*', lazy: () => import('../features/errors/NotFoundPage').then(page) },
]);

function page(module: { default: React.ComponentType }) {
  return { Component: module.default };
}
