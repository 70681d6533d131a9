// Every API route module, registered under /api.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps';
import { authRoutes } from './auth';
import { healthRoutes } from './health';
import { revenueRoutes } from './revenues';

export async function registerRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  await api.register(healthRoutes(deps));
  await api.register(authRoutes(deps));
  await api.register(revenueRoutes(deps));
}
