// Fluxo's table of contents: providers, layout, public pages, and the signed-in screens.
import { lazy, Suspense } from 'react';
import { Admin, CustomRoutes, Loading, Resource, memoryStore, type LayoutProps } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { Landing } from './pages/Landing';
import { ForgotPassword } from './pages/ForgotPassword';
import { Login } from './pages/Login';
import { NotFound } from './pages/NotFound';
import { Register } from './pages/Register';
import { ResetPassword } from './pages/ResetPassword';
import { ConfirmEmail } from './pages/ConfirmEmail';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import { theme } from './theme';
import expenses from './resources/expenses';
import categories from './resources/categories';
import budgets, { BudgetPage } from './resources/budgets';
import revenues from './resources/revenues';
import goals from './resources/goals';
import investments from './resources/investments';
import users from './resources/users';
import { AdminPanel } from './pages/admin';

// Screens are lazy-loaded, so each one (and the charts it pulls in) is its own chunk.
const Dashboard = lazy(() => import('./pages/Dashboard'));
const CashFlow = lazy(() => import('./pages/CashFlow'));
const Profile = lazy(() => import('./pages/Profile'));
const ImportOfx = lazy(() => import('./pages/ImportOfx'));
const BankIntegration = lazy(() => import('./pages/BankIntegration'));
const AiInsights = lazy(() => import('./pages/AiInsights'));
const Reports = lazy(() => import('./pages/Reports'));
const Audit = lazy(() => import('./pages/Audit'));

// The signed-in frame (header, menu, notifications, banners) is its own chunk: the login, register
// and landing pages never draw it, and a first visit to /login should not download it.
const SignedInLayout = lazy(() => import('./layout/Layout').then((module) => ({ default: module.Layout })));
const Layout = (props: LayoutProps) => (
  <Suspense fallback={<Loading />}>
    <SignedInLayout {...props} />
  </Suspense>
);

// react-admin's store (list searches, filters, sort) lives in memory: a new visit starts with clean
// lists instead of silently reapplying a search typed days ago.
const store = memoryStore();

// Sign-in is enforced by the layout's AuthGate instead of <Admin requireAuth>: requireAuth sends a
// signed-out visitor at / or at an unknown path to /login, while the spec shows them the landing
// page and the 404 page. Every route inside the layout (resources, <CustomRoutes>, the dashboard)
// still renders only for a signed-in user; routes with noLayout are public.
export const App = () => (
  <BrowserRouter>
    <Admin
      title="Fluxo"
      layout={Layout}
      dashboard={Dashboard}
      loginPage={Login}
      catchAll={NotFound}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      theme={theme}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/landing" element={<Landing />} />
        <Route path="/register" element={<Register />} />
        <Route path="/forgot-password" element={<ForgotPassword />} />
        <Route path="/reset-password" element={<ResetPassword />} />
        <Route path="/confirm-email" element={<ConfirmEmail />} />
      </CustomRoutes>

      {/* Resources go here as <Resource name="expenses" {...expenses} /> (see resources/<name>/index.ts). */}
      <Resource name="expenses" {...expenses} />
      <Resource name="categories" {...categories} />
      <Resource name="budgets" {...budgets} />
      <Resource name="revenues" {...revenues} />
      <Resource name="goals" {...goals} />
      <Resource name="investments" {...investments} />
      <Resource name="users" {...users} />

      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/cash-flow" element={<CashFlow />} />
        <Route path="/profile" element={<Profile />} />
        <Route path="/admin" element={<AdminPanel />} />
        <Route path="/import-ofx" element={<ImportOfx />} />
        <Route path="/bank-integration" element={<BankIntegration />} />
        <Route path="/ai-insights" element={<AiInsights />} />
        <Route path="/reports" element={<Reports />} />
        <Route path="/budget" element={<BudgetPage />} />
        <Route path="/audit" element={<Audit />} />
      </CustomRoutes>
    </Admin>
  </BrowserRouter>
);
