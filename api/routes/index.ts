// Every API route module, registered under /api.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps';
import { authRoutes } from './auth';
import { profileRoutes } from './profile';
import { organizationUserRoutes } from './organization-users';
import { adminOrganizationRoutes } from './admin-organizations';
import { adminUserRoutes } from './admin-users';
import { impersonationRoutes } from './impersonation';
import { healthRoutes } from './health';
import { financialRoutes } from './financial';
import { chartRoutes } from './charts';
import { cashFlowRoutes } from './cash-flow';
import { notificationRoutes } from './notifications';
import { revenueRoutes } from './revenues';
import { financialGoalRoutes } from './financial-goals';
import { investmentRoutes } from './investments';
import { transactionRoutes } from './transactions';
import { expenseRoutes } from './expenses';
import { categoryRoutes } from './categories';
import { budgetRoutes } from './budgets';
import { documentRoutes } from './documents';
import { bankingRoutes } from './banking';
import { importOfxRoutes } from './import-ofx';

export async function registerRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  await api.register(healthRoutes(deps));
  await api.register(authRoutes(deps));
  await api.register(financialRoutes(deps));
  await api.register(chartRoutes(deps));
  await api.register(cashFlowRoutes(deps));
  await api.register(notificationRoutes(deps));
  await api.register(profileRoutes(deps));
  await api.register(organizationUserRoutes(deps));
  await api.register(adminOrganizationRoutes(deps));
  await api.register(adminUserRoutes(deps));
  await api.register(impersonationRoutes(deps));
  await api.register(revenueRoutes(deps));
  await api.register(financialGoalRoutes(deps));
  await api.register(investmentRoutes(deps));
  await api.register(transactionRoutes(deps));
  await api.register(expenseRoutes(deps));
  await api.register(categoryRoutes(deps));
  await api.register(budgetRoutes(deps));
  await api.register(documentRoutes(deps));
  await api.register(bankingRoutes(deps));
  await api.register(importOfxRoutes(deps));
}
