// Which connector serves a connection: the sandbox bank by default; Pluggy when configured
// (BANK_PROVIDER=pluggy with PLUGGY_CLIENT_ID and PLUGGY_CLIENT_SECRET, optional PLUGGY_BASE_URL).
import type { BankProvider } from '../../../domain/banking/bank-connection';
import { pluggyConnector } from './pluggy';
import type { BankConnector } from './port';
import { BankConnectorError } from './port';
import { sandboxConnector } from './sandbox';

export type BankConnectors = {
  /** The provider new connections use. */
  defaultProvider: BankProvider;
  get(provider: BankProvider): BankConnector;
};

export function bankConnectorsFromEnv(env: NodeJS.ProcessEnv = process.env): BankConnectors {
  const clientId = env.PLUGGY_CLIENT_ID;
  const clientSecret = env.PLUGGY_CLIENT_SECRET;
  const pluggy = clientId && clientSecret ? pluggyConnector({ clientId, clientSecret, baseUrl: env.PLUGGY_BASE_URL || undefined }) : null;
  const wantsPluggy = (env.BANK_PROVIDER ?? '').toLowerCase() === 'pluggy';
  return {
    defaultProvider: wantsPluggy && pluggy ? 'pluggy' : 'sandbox',
    get(provider) {
      if (provider === 'sandbox') return sandboxConnector;
      if (!pluggy) throw new BankConnectorError('O Pluggy não está configurado neste servidor (PLUGGY_CLIENT_ID e PLUGGY_CLIENT_SECRET).');
      return pluggy;
    },
  };
}

let configured: BankConnectors | null = null;

/** The process's connectors, read from the environment once. */
export function bankConnectors(): BankConnectors {
  configured ??= bankConnectorsFromEnv();
  return configured;
}
