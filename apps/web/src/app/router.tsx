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
  { path: '/forgot-password', lazy: () => import('../features/auth/ForgotPasswordPage').then(page) },
  { path: '/reset-password', lazy: () => import('../features/auth/ResetPasswordPage').then(page) },
  { path: '/public-chat/:webhookId?', lazy: () => import('../features/chat/PublicChatPage').then(page) },
  { path: '/terms', lazy: () => import('../features/legal/TermsPage').then(page) },
  { path: '/privacy', lazy: () => import('../features/legal/PrivacyPage').then(page) },
  {
    // Pages that fetch through the query cache or show toasts: a lazy layout, so the public pages never load them.
    lazy: () => import('./DataRoot').then(page),
    children: [
      { path: '/plans', lazy: () => import('../features/billing/PricingPage').then(page) },
      { path: '/sandbox-checkout/:preapprovalId', lazy: () => import('../features/billing/SandboxCheckoutPage').then(page) },
      {
        path: '/payment',
        lazy: () => import('./ProtectedRoot').then(page),
        children: [
          { index: true, lazy: () => import('../features/billing/PaymentPage').then(page) },
          { path: 'success', lazy: () => import('../features/billing/PaymentSuccessPage').then(page) },
          { path: 'failure', lazy: () => import('../features/billing/PaymentFailurePage').then(page) },
          { path: 'pending', lazy: () => import('../features/billing/PaymentPendingPage').then(page) },
        ],
      },
      {
        path: '/dashboard',
        lazy: () => import('./DashboardRoot').then(page),
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/dashboard/agents" replace /> },
          { path: 'agents', lazy: () => import('../features/agents/AgentsPage').then(page) },
          { path: 'create-agent', lazy: () => import('../features/agents/CreateAgentPage').then(page) },
          { path: 'agents/:id/insights', lazy: () => import('../features/insights/InsightsPage').then(page) },
          { path: 'insights', lazy: () => import('../features/insights/InsightsPage').then(page) },
          { path: 'customers', lazy: () => import('../features/customers/CustomersPage').then(page) },
          { path: 'agents/:id/:section?', lazy: () => import('../features/agents/WorkspacePage').then(page) },
          { path: 'inbox', lazy: () => import('../features/inbox/InboxPage').then(page) },
          { path: 'profile', lazy: () => import('../features/account/ProfilePage').then(page) },
          { path: 'plan', lazy: () => import('../features/billing/PlanPage').then(page) },
          { path: 'integrations', lazy: () => import('../features/errors/ComingSoonPage').then(page) },
          { path: '*', lazy: () => import('../features/errors/NotFoundPage').then(page) },
        ],
      },
    ],
  },
  { path: '*', lazy: () => import('../features/errors/NotFoundPage').then(page) },
]);

function page(module: { default: React.ComponentType }) {
  return { Component: module.default };
}
